/**
 * The Cranium machine at cycle 0 (digest seed-001 §C.4–§C.9): every node's NI with idle
 * channels and empty queues in pinned pages, its processor at the start of its program, its
 * pinned buffers (each a page of lines) and what its cache holds at the start.
 */
import type { NetworkState } from '../../network/network-state';
import { startProcessor } from '../../node/torus/processor';
import { type CraniumConfig } from './cranium-config';
import { QUEUE_NAMES, type QueueName } from './queue-names';
import { flagLineName, lineName } from './cache-lines';
import {
  QUEUE_ENTRY_BYTES,
  type BufferState,
  type CacheLineState,
  type ChannelState,
  type CraniumFollowUp,
  type CraniumState,
  type NiState,
  type NodeState,
  type QueueState,
  type WaitKind,
} from './cranium-state';
import type { CraniumInstruction } from './program';

/** Where the pinned pages start (page frame numbers). */
const FIRST_FRAME = 0x100;

export function emptyChannel(dir: 'send' | 'recv', id: number): ChannelState {
  return {
    dir,
    id,
    busy: false,
    phase: 'idle',
    remaining: 0,
    packets: 0,
    handle: -1,
    remoteNode: -1,
    remoteChannel: -1,
    seq: 0,
    queue: false,
    intr: 0,
    priority: false,
    fault: 'none',
    msg: -1,
    cachedHandle: -1,
    cachedNode: -1,
    page: -1,
    phys: null,
    lookupUntil: -1,
    acceptedAt: -1,
    pending: 0,
  };
}

/** Initially Head = Tail = Start (L891, L2752). */
function emptyQueue(name: QueueName, size: number, begin: number): QueueState {
  return {
    name,
    size,
    begin,
    end: begin + (size - 1) * QUEUE_ENTRY_BYTES,
    head: begin,
    tail: begin,
    reserved: begin,
    full: false,
    entries: Array(size).fill(null),
  };
}

/** Table 6.1's warm channel: each channel holds the translations of its first command. */
function prewarm(
  ni: NiState,
  program: readonly CraniumInstruction[],
  buffers: Record<number, BufferState>,
): void {
  for (const i of program) {
    if (i.op !== 'send' && i.op !== 'recv') continue;
    const ch = (i.op === 'send' ? ni.send : ni.recv)[i.channel];
    if (!ch || ch.cachedHandle >= 0 || !buffers[i.buffer]) continue;
    ch.cachedHandle = i.buffer;
    ch.cachedNode = i.op === 'send' ? i.to : i.from;
  }
}

export function initialState(
  cfg: CraniumConfig,
  linesPerPage: number,
  net: NetworkState,
): CraniumState {
  const topology = cfg.network.topology;
  const nodeCount = topology.attached * topology.attached;
  const setups = new Map(cfg.nodes.map((s) => [s.node, s]));
  let frame = FIRST_FRAME;
  // Queue memory: whole pinned pages (L2466), after every node's buffers.
  let queueFrame = frame + cfg.nodes.reduce((a, s) => a + s.buffers.length, 0);
  const queuePages = (size: number) => Math.ceil((size * QUEUE_ENTRY_BYTES) / cfg.pageBytes);
  const nodes: NodeState[] = Array.from({ length: nodeCount }, (_, node) => {
    const setup = setups.get(node);
    const buffers: Record<number, BufferState> = {};
    const cache: Record<string, CacheLineState> = {};
    for (const b of setup?.buffers ?? []) {
      buffers[b.handle] = {
        handle: b.handle,
        frame: frame++,
        lines: Array.from(
          { length: linesPerPage },
          (_, i) => node * 1_000_000 + b.handle * 10_000 + i,
        ),
        received: Array(linesPerPage).fill(null),
      };
      for (const l of b.cached) cache[lineName(b.handle, l)] = 'CE';
      for (const l of b.dirty) cache[lineName(b.handle, l)] = 'DE';
    }
    if (setup?.cachedQueueFlags)
      for (let s = 0; s < cfg.queueEntries.user; s++) cache[flagLineName('user', s)] = 'CE';
    const program = setup?.program ?? [];
    const ni: NiState = {
      flow: 'NORMAL',
      processId: setup?.processId ?? 1,
      send: Array.from({ length: cfg.channels }, (_, i) => emptyChannel('send', i)),
      recv: Array.from({ length: cfg.channels }, (_, i) => emptyChannel('recv', i)),
      sched: [],
      commands: [],
      dmaReads: [],
      inbox: [],
      memoryFree: 0,
      sendGapUntil: 0,
      receiveGapUntil: 0,
      queues: Object.fromEntries(
        QUEUE_NAMES.map((q) => {
          const begin = queueFrame * cfg.pageBytes;
          queueFrame += queuePages(cfg.queueEntries[q]);
          return [q, emptyQueue(q, cfg.queueEntries[q], begin)];
        }),
      ) as Record<QueueName, QueueState>,
      interrupts: [],
      barrier: 'I',
      barrierUntil: -1,
    };
    if (cfg.warmChannels) prewarm(ni, program, buffers);
    return {
      node,
      ni,
      proc: { ...startProcessor<WaitKind, CraniumFollowUp>(program.length), pollsLeft: 0 },
      buffers,
      cache,
    };
  });
  return {
    cycle: 0,
    halted: false,
    net,
    nodes,
    packets: {},
    inFlight: {},
    messages: {},
    nextPacket: 1,
    nextMessage: 1,
    barrierGeneration: 0,
    quiet: 0,
  };
}
