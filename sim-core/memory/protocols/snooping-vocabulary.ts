/**
 * The vocabulary of the snooping caches' protocols, MSI, MESI and MOESI (Sorin, Hill & Wood 2011,
 * ch. 7; seed 000 digest §B.0): the events a cache controller on an atomic snooping bus reacts to,
 * grouped by where they come from, and the actions its cells may name. Other tables bring their
 * own vocabulary to defineProtocol (round2-spec B1: EDT's NI-side block states; B2.2: FLASH's
 * directory).
 */
import type { ActionSpec, EventSpec, Protocol } from '../protocol';

export const SNOOPING_EVENTS = {
  Load: { from: 'processor', desc: 'The processor loads a word of the block' },
  Store: { from: 'processor', desc: 'The processor stores a word of the block' },
  Replacement: { from: 'processor', desc: 'The block is chosen as the victim for a miss' },
  Grant: { from: 'own bus', desc: "This cache's request wins the bus; snoops happen now" },
  DataExcl: { from: 'own bus', desc: 'The block arrives and no other cache holds it' },
  DataShared: { from: 'own bus', desc: 'The block arrives and another cache asserted shared' },
  Done: { from: 'own bus', desc: 'An address-only transaction (invalidate) completes' },
  OtherRd: { from: 'snoop', desc: 'Another cache reads the block (RD)' },
  OtherRdX: { from: 'snoop', desc: 'Another cache reads the block to write it (RDX)' },
  OtherInv: { from: 'snoop', desc: 'Another cache invalidates the block to write it (INV)' },
  Snarf: {
    from: 'snoop',
    desc: "Another cache's write-back passes while this cache keeps the block's tag in I; fired only when the model turns snarfing on (the coherent-NI model's CNI16Qm, seed 000 §B.6.4)",
  },
} as const satisfies Record<string, EventSpec>;

export type SnoopingEvent = keyof typeof SNOOPING_EVENTS;
export const SNOOPING_EVENT_NAMES = Object.keys(SNOOPING_EVENTS) as SnoopingEvent[];

/** Actions a cell may name; the cache controller performs them in the order listed. */
export const SNOOPING_ACTIONS = {
  hit: { code: 'h', desc: 'The access completes in the cache' },
  requestBus: { code: 'rq', desc: 'Queue a bus request for the block' },
  toWbBuffer: {
    code: 'wb',
    desc: 'Move the dirty victim to the write-back buffer; queue a write-back',
  },
  supplyData: { code: 'sd', desc: 'Supply the block to the requester, cache to cache' },
  assertShared: { code: 'sh', desc: 'Assert the shared line' },
  flushToMemory: { code: 'fm', desc: 'Memory takes a copy of the block as it passes (M→S)' },
  writeBackToMemory: { code: 'wm', desc: 'Write the block back to memory' },
  cancelWriteback: { code: 'cw', desc: 'Drop the queued write-back: the new owner keeps the data' },
  fill: { code: 'f', desc: 'Install the arriving block in the cache' },
  performLoad: { code: 'pl', desc: 'Complete the waiting load' },
  performStore: { code: 'ps', desc: 'Complete the waiting store' },
} as const satisfies Record<string, ActionSpec>;

export type SnoopingAction = keyof typeof SNOOPING_ACTIONS;

/** A table of the snooping vocabulary: MSI, MESI or MOESI. */
export type SnoopingProtocol = Protocol<SnoopingEvent, SnoopingAction>;
