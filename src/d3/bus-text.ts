/**
 * Words for the bus drawings: the same phrases label the SVG, the timeline and the screen-reader
 * text, so what is seen and what is read never disagree.
 */
import { hex } from '../../sim-core/index';
import type { BusFrame } from '../../sim-core/index';

export type Txn = NonNullable<BusFrame['bus']['current']>;
export type Snoop = Txn['snoops'][number];
type Action = Snoop['actions'][number];

export const procName = (n: number): string => `P${n}`;

export const blockAddr = (block: number, blockBytes: number): string => hex(block * blockBytes);

/** "RDX by P1 for 0x40" */
export function txnTitle(txn: Txn, blockBytes: number): string {
  return `${txn.kind} by ${procName(txn.requester)} for ${blockAddr(txn.block, blockBytes)}`;
}

/** Where the block travels, in words: the arrow of the drawing, for readers who cannot see it. */
export function dataRoute(txn: Txn): string {
  if (txn.kind === 'INV') return 'address only: no data moves';
  if (txn.kind === 'WB') return `data: ${procName(txn.requester)} → memory (write-back)`;
  const to = procName(txn.requester);
  if (txn.source.kind === 'memory') return `data: memory → ${to}`;
  if (txn.source.kind === 'cache') {
    const from = procName(txn.source.cache);
    return txn.source.fromWbBuffer
      ? `data: ${from}'s write-back buffer → ${to}`
      : `data: ${from} → ${to} (cache to cache)`;
  }
  return 'no data';
}

/** Short words for what a snooper did, small enough to fit on its box. */
const ACTION_WORDS: Partial<Record<Action, string>> = {
  supplyData: 'supplies',
  assertShared: 'shared',
  flushToMemory: 'flushes',
  cancelWriteback: 'drops WB',
  writeBackToMemory: 'writes back',
};

export function reactionWords(actions: readonly Action[]): string {
  return actions
    .map((a) => ACTION_WORDS[a])
    .filter((w): w is string => w !== undefined)
    .join(' · ');
}

/** "S→I", "M→O supplies": a snooper's reaction as plain text. */
export function reactionText(s: Snoop): string {
  const words = reactionWords(s.actions);
  const change = s.from === s.to ? `${s.from} (no change)` : `${s.from}→${s.to}`;
  return words ? `${change} ${words}` : change;
}

/** Memory takes a copy of the block during this transaction (write-back or flush). */
export function memoryTakesCopy(txn: Txn): boolean {
  return txn.kind === 'WB' || txn.snoops.some((s) => s.actions.includes('flushToMemory'));
}

export type QueueStage = 'waiting' | 'on wire' | 'queued';

export interface QueueItem {
  seq: number;
  cache: number;
  block: number;
  writeback: boolean;
  stage: QueueStage;
}

/**
 * Every request not yet granted, oldest stage first: at the arbiter (granted next, by seq), on a
 * request wire (reaches the arbiter next cycle), or still in a cache's outbox.
 */
export function queueItems(frame: BusFrame): QueueItem[] {
  const item = (stage: QueueStage) => (r: BusFrame['bus']['queue'][number]) => ({
    seq: r.seq,
    cache: r.cache,
    block: r.block,
    writeback: r.writeback,
    stage,
  });
  return [
    ...frame.bus.queue.map(item('waiting')),
    ...frame.bus.onWires.map(item('on wire')),
    ...frame.bus.outboxes.flat().map(item('queued')),
  ];
}

export function queueItemText(q: QueueItem, blockBytes: number): string {
  return `${procName(q.cache)} ${q.stage}${q.writeback ? ' WB' : ''} ${blockAddr(q.block, blockBytes)}`;
}

/** The state of a block in one cache: its line, else its write-back buffer entry, else I. */
export function blockState(
  frame: BusFrame,
  cache: number,
  block: number,
): { state: string; inWbBuffer: boolean } {
  const c = frame.caches.find((x) => x.id === cache);
  const line = c?.lines.find((l) => l.block === block && l.state !== 'I');
  if (line) return { state: line.state, inWbBuffer: false };
  const entry = c?.wbBuffer.find((e) => e.block === block);
  if (entry) return { state: entry.state, inWbBuffer: true };
  return { state: 'I', inWbBuffer: false };
}

/** Elapsed and total occupancy of the transaction on the bus at `cycle`. */
export function occupancy(txn: Txn, cycle: number): { elapsed: number; total: number } {
  const total = Math.max(1, txn.endsAt - txn.grantedAt);
  return { elapsed: Math.min(total, Math.max(0, cycle - txn.grantedAt)), total };
}
