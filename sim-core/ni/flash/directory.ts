/**
 * FLASH's directory as a protocol table of its own vocabulary (memory/protocol.ts): one entry per
 * 128-byte line of a node's memory, whose busy and dirty bits the transfer handler tests
 * (`bbs32 $7,16,LineBusy`, `bbc32 $7,18,Clean` [003 L194-197]; digest §H-7). Under local
 * coherence a line is uncached, shared by the local processor, or dirty in its cache [003 L72-73];
 * global coherence adds a line dirty at another node [003 L158]. The pending states are the busy
 * bit: a get is out, and a handler that meets one retries later (LineBusy).
 *
 * The handlers never test a state by name: they fire an event and read the cell's actions.
 */
import { defineProtocol, impossible, stall, type Protocol } from '../../memory/protocol';

const state = (desc: string, perm: 'none' | 'read' | 'write', transient = false) => ({
  desc,
  perm,
  owner: false,
  transient,
});

export const DIRECTORY_EVENTS = {
  XferRead: { from: 'transfer', desc: 'The transfer handler reads the line to send it' },
  XferWrite: { from: 'transfer', desc: 'A component handler writes an arriving line' },
  CpuRead: { from: 'processor', desc: 'The local processor misses on the line' },
  CacheReply: { from: 'reply', desc: "The local processor's cache answers a get" },
  OwnerReply: { from: 'reply', desc: "The owning node's MAGIC answers a get with the line" },
} as const;

export type DirectoryEvent = keyof typeof DIRECTORY_EVENTS;

export const DIRECTORY_ACTIONS = {
  readMemory: { code: 'rm', desc: 'Read the line from memory into a data buffer' },
  getFromCache: {
    code: 'gc',
    desc: "Get the line from the local processor's cache (intervention)",
  },
  getFromOwner: { code: 'go', desc: 'Send a get to the node whose cache holds the line dirty' },
  invalidateCache: { code: 'ic', desc: "Invalidate the processor's clean copy" },
  writeMemory: { code: 'wm', desc: 'Write the line from a data buffer to memory' },
  writeBack: { code: 'wb', desc: 'Write the retrieved line back to memory' },
} as const;

export type DirectoryAction = keyof typeof DIRECTORY_ACTIONS;

export const FLASH_DIRECTORY: Protocol<DirectoryEvent, DirectoryAction, 'FLASH directory'> =
  defineProtocol({
    name: 'FLASH directory',
    source: 'seed 003 L72-73, L99-104, listing L179-197 (digest §B.8, §H-7)',
    states: {
      uncached: state('No processor caches the line; memory is up to date', 'none'),
      shared: state('The local processor holds a clean copy', 'read'),
      dirty: state("The local processor's cache holds the only, dirty copy (dirty bit)", 'write'),
      remote: state("Another node's cache holds the line dirty (global coherence)", 'none'),
      pendingRead: state('Busy: a get to the local cache is out for a send', 'none', true),
      pendingWrite: state(
        'Busy: a get to the local cache is out for an arriving line',
        'none',
        true,
      ),
      pendingRemote: state('Busy: a get to the owning node is out', 'none', true),
    },
    events: DIRECTORY_EVENTS,
    actions: DIRECTORY_ACTIONS,
    rows: {
      uncached: {
        XferRead: ['uncached', ['readMemory']],
        XferWrite: ['uncached', ['writeMemory']],
        CpuRead: ['shared', ['readMemory']],
      },
      shared: {
        XferRead: ['shared', ['readMemory']],
        XferWrite: ['uncached', ['invalidateCache', 'writeMemory']],
        CpuRead: ['shared', ['readMemory']],
      },
      dirty: {
        XferRead: ['pendingRead', ['getFromCache']],
        XferWrite: ['pendingWrite', ['getFromCache']],
        CpuRead: impossible('the processor holds the only copy: it does not miss on it'),
      },
      remote: {
        XferRead: ['pendingRemote', ['getFromOwner']],
        XferWrite: impossible('a receive buffer is homed at its node (local coherence)'),
        CpuRead: ['pendingRemote', ['getFromOwner']],
      },
      pendingRead: { CacheReply: ['shared', ['writeBack']] },
      pendingWrite: { CacheReply: ['uncached', ['writeMemory']] },
      pendingRemote: { OwnerReply: ['uncached', ['writeBack']] },
    },
    otherwise: (st, event) =>
      st.startsWith('pending') && DIRECTORY_EVENTS[event].from !== 'reply'
        ? stall('LineBusy: the line is busy; the handler retries later [003 L194]')
        : impossible(`no ${event} is outstanding for a line that is ${st}`),
  });

export type DirectoryState = keyof typeof FLASH_DIRECTORY.states;
