/**
 * What FLASH's steps work on in one cycle: the configuration, the state, the cycle's events and
 * the network; and the small helpers every section shares (messages, data buffers, the
 * directory's cells, the processor cache's MESI cells, the phase ledger's slices).
 */
import { cellOf } from '../../memory/protocol';
import { MESI } from '../../memory/protocols/mesi';
import type { SnoopingEvent } from '../../memory/protocols/snooping-vocabulary';
import type { MessageNetwork } from '../../net/message-network';
import type { PhaseCategory } from '../../ledger/phase-events';
import { FLASH_DIRECTORY, type DirectoryAction, type DirectoryEvent } from './directory';
import type { FlashConfig, TransferPlan } from './flash-config';
import { FLASH_COSTS, type CostName } from './flash-costs';
import type { FlashModelEvent } from './flash-events';
import type { FlashNet } from './flash-network';
import type {
  CacheLineState,
  FlashMsg,
  FlashNode,
  FlashState,
  MsgType,
  OutQueue,
} from './flash-state';
import { bufferBase, LINE_BYTES, PAGE_BYTES } from './geometry';

export interface FlashCtx {
  cfg: FlashConfig;
  state: FlashState;
  events: FlashModelEvent[];
  net: MessageNetwork<FlashNet>;
  now: number;
}

export const emit = (ctx: FlashCtx, e: FlashModelEvent) => ctx.events.push(e);

export const plan = (ctx: FlashCtx, t: number): TransferPlan => ctx.cfg.transfers[t]!;

/** A new message, filed under the next id. */
export function newMsg(
  ctx: FlashCtx,
  m: Pick<FlashMsg, 'type' | 'src' | 'dst' | 'space'> & Partial<FlashMsg>,
): FlashMsg {
  const id = ctx.state.nextMsg++;
  const msg: FlashMsg = {
    id,
    lane: 0,
    bytes: 32,
    pid: 0,
    transfer: -1,
    seq: -1,
    word: '',
    page: -1,
    madeAt: ctx.now,
    sentAt: -1,
    arrivedAt: -1,
    buffer: -1,
    ...m,
  };
  ctx.state.messages[id] = msg;
  return msg;
}

/** Hands a message to the Outbox's queue for its port, leaving no earlier than `readyAt`. */
export function toOutbox(ctx: FlashCtx, node: FlashNode, q: OutQueue, msg: FlashMsg, readyAt = 0) {
  node.outq[q].push({ msg: msg.id, readyAt: Math.max(ctx.now + ctx.cfg.costs.outbox, readyAt) });
}

/** A word back to the processor (ACK, NACK, data, fault, the remap's answer). */
export function replyToCpu(
  ctx: FlashCtx,
  node: FlashNode,
  word: string,
  transfer = -1,
  readyAt = 0,
) {
  const msg = newMsg(ctx, {
    type: 'reply',
    src: node.id,
    dst: node.id,
    space: 'io',
    word,
    transfer,
  });
  toOutbox(ctx, node, 'processor', msg, readyAt);
}

/** A network message's queue at its receiver: its lane, folded when the network has one. */
export const laneQueue = (ctx: FlashCtx, msg: FlashMsg): 'request' | 'reply' =>
  ctx.cfg.network.lanes > 1 && msg.lane === 1 ? 'reply' : 'request';

/** A free data buffer, taken for `owner`; −1 when every buffer is held (AllocFail [003 L176]). */
export function takeBuffer(node: FlashNode, owner: string): number {
  const i = node.buffers.indexOf(null);
  if (i >= 0) node.buffers[i] = owner;
  return i;
}

export const freeBuffers = (node: FlashNode) => node.buffers.filter((b) => b === null).length;

/**
 * Whether one more component may hold a data buffer while it waits in the request queue: a
 * buffer is free, and the queue's components will not hold every buffer. One is always left for
 * what arrives from the network; else components waiting for a full window could hold them all
 * while the messages that would free that window wait for a buffer here: a deadlock across nodes
 * [003 L12, L68-69: the protocol's deadlock avoidance; reading].
 */
export function spareBuffer(ctx: FlashCtx, node: FlashNode, free = freeBuffers(node) > 0): boolean {
  const queued = node.outq.request.filter((q) => ctx.state.messages[q.msg]!.buffer >= 0).length;
  return free && queued + 1 < node.buffers.length;
}

/** Node-local line number `i` of a transfer's buffer, as a line id (node × 65536 + line). */
export const lineId = (node: number, localLine: number) => node * 65_536 + localLine;

/** Source line `i` of a transfer's buffer, as a line id. */
export const sourceLineAt = (p: TransferPlan, i: number) =>
  lineId(p.from, bufferBase(p.id, true) / LINE_BYTES + i);

/** The source lines (indices, first to last) component `seq` carries bytes of (one or two). */
export function sourceSpan(p: TransferPlan, seq: number): { first: number; last: number } {
  const start = Math.max(0, seq * LINE_BYTES - p.dstOffset);
  const end = Math.min(p.bytes, (seq + 1) * LINE_BYTES - p.dstOffset) - 1;
  return {
    first: Math.floor((p.srcOffset + start) / LINE_BYTES),
    last: Math.floor((p.srcOffset + end) / LINE_BYTES),
  };
}

/** The source line component `seq` needs new (the sender realigns to the destination [003 L75]). */
export const sourceLineOf = (p: TransferPlan, seq: number): number =>
  sourceLineAt(p, sourceSpan(p, seq).last);

/**
 * Pipelined global coherence: the components line `i` completes as it comes home from the owner,
 * each sent once every source line it carries is home (none still dirty at the owner).
 */
export function componentsCompletedBy(node: FlashNode, p: TransferPlan, i: number): number[] {
  const home = (line: number) => {
    const st = node.dir[sourceLineAt(p, line)];
    return line === i || (st !== 'remote' && st !== 'pendingRemote');
  };
  const done: number[] = [];
  for (let seq = Math.max(0, i - 1); seq <= Math.min(p.components - 1, i + 1); seq++) {
    const { first, last } = sourceSpan(p, seq);
    if (first <= i && i <= last && home(first) && home(last)) done.push(seq);
  }
  return done;
}

export const destLineOf = (p: TransferPlan, seq: number) =>
  lineId(p.to, bufferBase(p.id, false) / LINE_BYTES + seq);

/** The bytes component `seq` carries (the last one may be short). */
export function componentBytes(p: TransferPlan, seq: number): number {
  const start = Math.max(0, seq * LINE_BYTES - p.dstOffset);
  const end = Math.min(p.bytes, (seq + 1) * LINE_BYTES - p.dstOffset);
  return Math.max(0, end - start);
}

/** The physical page frame of a buffer's page `i` at its node (the hash table's key). */
export const pageFrame = (p: TransferPlan, source: boolean, i: number) =>
  (bufferBase(p.id, source) + i * PAGE_BYTES) / PAGE_BYTES;

/**
 * Fires a directory event on a line: the cell's transition (emitting `flash.dir`) and actions,
 * or null when the cell stalls (LineBusy). An impossible cell is a modelling error and throws.
 */
export function fireDirectory(
  ctx: FlashCtx,
  node: FlashNode,
  line: number,
  event: DirectoryEvent,
): readonly DirectoryAction[] | null {
  const from = node.dir[line] ?? 'uncached';
  const cell = cellOf(FLASH_DIRECTORY, from, event);
  if (cell.kind === 'stall') return null;
  if (cell.kind === 'impossible')
    throw new Error(`FLASH directory: ${from} × ${event} at node ${node.id}: ${cell.why}`);
  const to = cell.next as keyof typeof FLASH_DIRECTORY.states;
  if (to === 'uncached') delete node.dir[line];
  else node.dir[line] = to;
  if (to !== from) emit(ctx, { kind: 'flash.dir', node: node.id, line, event, from, to });
  return cell.actions;
}

/** The processor cache's line under a MESI snoop (an intervention is another reader or writer). */
export function snoopCache(node: FlashNode, line: number, event: SnoopingEvent): CacheLineState {
  const from = node.cache[line] ?? 'I';
  const cell = cellOf(MESI, from, event);
  const to = (cell.kind === 'transition' ? cell.next : from) as CacheLineState;
  if (to === 'I') delete node.cache[line];
  else node.cache[line] = to;
  return from;
}

/** A slice of the phase ledger: a transfer's (message = its id) or another message's. */
export function slice(
  ctx: FlashCtx,
  s: {
    message: number;
    node: number;
    actor: string;
    phase: string;
    category: PhaseCategory;
    start: number;
    end: number;
    source: string;
    part?: string;
  },
) {
  if (s.end <= s.start) return;
  emit(ctx, { kind: 'phase', part: null, ...s });
}

/** Ledger message id of a message that belongs to no transfer. */
export const otherMessage = (msg: number) => 100_000 + msg;

export const costSource = (name: CostName) => FLASH_COSTS[name].source;

export type { MsgType };
