/**
 * The NI's receive pipeline (seed 001 Figs 6.1, 7.11–7.15; digest §C.6–§C.8, §C.16): a packet's
 * first phit takes an inbox slot; after the inbox FIFO (2) and the header decode (4) the
 * dispatch table sends it to an auto-receive channel or a queue and its DMA write is scheduled
 * on the memory port; once the write is done and the tail is in, it is placed — a page line, or
 * a queue entry with its flag — with the cache effects and interrupts that go with it.
 */
import type { PacketState } from '../../network/network-state';
import { cacheTo, flagLineName, lineName, payloadLineName } from './cache-lines';
import { emit, type CraniumCtx } from './cranium-context';
import {
  QUEUE_ENTRY_BYTES,
  entryIndex,
  nextEntry,
  type CraniumPacket,
  type InboxEntry,
  type NodeState,
  type QueueState,
} from './cranium-state';
import { dispatch } from './dispatch';
import { lookUpForArrival } from './lookups';
import { physOf } from './node-map';
import { interrupt, setFlow } from './ni-signals';

/** Table A.2: the auto-receive mask → (Every, Final) as never / sometimes / always. */
const AUTO_MASK: readonly (readonly [
  'never' | 'sometimes' | 'always',
  'never' | 'sometimes' | 'always',
])[] = [
  ['never', 'never'],
  ['never', 'sometimes'],
  ['never', 'always'],
  ['sometimes', 'never'],
  ['sometimes', 'sometimes'],
  ['sometimes', 'always'],
  ['always', 'always'],
  ['always', 'always'],
];

// ---- the torus's side: an inbox slot per arriving packet ----

/** The NI takes a first phit unless frozen or its inbox is full. */
export function accepts(ctx: CraniumCtx, node: NodeState): boolean {
  return node.ni.flow !== 'FREEZE' && node.ni.inbox.length < ctx.cfg.inboxPackets;
}

export function headArrived(
  ctx: CraniumCtx,
  node: NodeState,
  pkt: CraniumPacket,
  net: PacketState,
): void {
  const ni = node.ni;
  ni.inbox.push({
    packet: pkt.id,
    headAt: ctx.state.cycle,
    tailAt: -1,
    decidedAt: -1,
    destination: null,
    slot: -1,
    writeEnd: -1,
    doneAt: -1,
  });
  emit(ctx, {
    kind: 'cr.arrive',
    node: node.node,
    packet: pkt.id,
    netPacket: net.id,
    msg: pkt.msg,
    sequence: pkt.seq,
    inbox: ni.inbox.length,
  });
}

export function tailArrived(ctx: CraniumCtx, node: NodeState, pkt: CraniumPacket): void {
  const entry = node.ni.inbox.find((e) => e.packet === pkt.id);
  if (entry) entry.tailAt = ctx.state.cycle;
}

// ---- one cycle ----

/** Place the packets whose writes are done, in inbox order; decode the next header when due. */
export function receive(ctx: CraniumCtx, node: NodeState): void {
  const ni = node.ni;
  const c = ctx.state.cycle;
  const t = ctx.cfg.timing;
  for (const e of ni.inbox)
    if (e.decidedAt >= 0 && e.doneAt < 0 && e.tailAt >= 0)
      e.doneAt = Math.max(e.writeEnd, e.tailAt + t.inboxFifo + 1, c);
  while (ni.inbox.length && ni.inbox[0]!.doneAt >= 0 && ni.inbox[0]!.doneAt <= c)
    place(ctx, node, ni.inbox.shift()!);
  if (ni.flow === 'FREEZE') return;
  const next = ni.inbox.find((e) => e.decidedAt < 0);
  if (!next || c < next.headAt + t.inboxFifo + t.decode) return;
  decide(ctx, node, next);
}

/** The decoded header's destination, and its DMA write on the memory port. */
function decide(ctx: CraniumCtx, node: NodeState, e: InboxEntry): void {
  const ni = node.ni;
  const c = ctx.state.cycle;
  const t = ctx.cfg.timing;
  const topology = ctx.cfg.network.topology;
  const pkt = ctx.state.packets[e.packet]!;
  const dest = dispatch({
    words: pkt.header,
    processId: ni.processId,
    recv: ni.recv,
    physOf: (n) => physOf(topology, node.node, n),
    ring: topology.kind === 'torus' ? topology.k : null,
  });
  // A receive posted but still translating its handles holds the packet in the inbox, and the
  // packet serves those lookups if other commands are ahead of them (lookups.ts).
  if (dest.kind === 'auto' && ni.recv[dest.channel]!.phase !== 'ready') {
    lookUpForArrival(ctx, node, dest.channel);
    return;
  }
  e.decidedAt = c;
  e.destination = dest;
  let lines = 1;
  if (dest.kind === 'auto') {
    const ch = ni.recv[dest.channel]!;
    ch.pending += 1;
    e.slot = pkt.seq;
  } else {
    lines = 2;
    e.slot = reserveEntry(ctx, node, ni.queues[dest.queue]);
    if (dest.error) interrupt(ctx, node, 'auto', dest.error, pkt.destChannel);
  }
  const writeStart = Math.max(c + t.slotWait, ni.memoryFree, ni.receiveGapUntil);
  ni.memoryFree = writeStart + t.lineOccupancy * lines;
  ni.receiveGapUntil = writeStart + t.receiveGap;
  e.writeEnd = writeStart + t.payloadWrite + (lines === 2 ? t.queueHeaderLine : 0);
  if (e.tailAt >= 0) e.doneAt = Math.max(e.writeEnd, e.tailAt + t.inboxFifo + 1);
  emit(ctx, {
    kind: 'cr.dispatch',
    node: node.node,
    packet: pkt.id,
    to: dest.kind === 'auto' ? `auto-receive channel ${dest.channel}` : `${dest.queue} queue`,
    why: dest.why,
  });
}

/** The entry a decoded packet will be written to; the tail's successor reaching the head overflows. */
export function reserveEntry(ctx: CraniumCtx, node: NodeState, q: QueueState): number {
  const slot = entryIndex(q, q.reserved);
  q.reserved = nextEntry(q, q.reserved);
  if (q.reserved === q.head) {
    // The tail will reach the head: full and empty now look alike, so the NI must stop.
    emit(ctx, {
      kind: 'cr.queue',
      node: node.node,
      queue: q.name,
      op: 'overflow',
      head: entryIndex(q, q.head),
      tail: entryIndex(q, q.reserved),
    });
    if (q.name === 'user') interrupt(ctx, node, 'queue', 5, -1);
    if (ctx.cfg.freezeOnOverflow)
      setFlow(
        ctx,
        node,
        'FREEZE',
        `the ${q.name} queue overflowed: the freeze mask stops delivery and injection until the OS thaws the NI`,
      );
  }
  return slot;
}

function place(ctx: CraniumCtx, node: NodeState, e: InboxEntry): void {
  const pkt = ctx.state.packets[e.packet]!;
  const dest = e.destination!;
  pkt.placedAt = ctx.state.cycle;
  if (dest.kind === 'auto') placeInPage(ctx, node, pkt, dest.channel);
  else placeInQueue(ctx, node, pkt, node.ni.queues[dest.queue], e.slot);
}

/** Packets of the message placed before this one with a higher sequence number. */
const outOfOrder = (ctx: CraniumCtx, pkt: CraniumPacket): boolean =>
  ctx.state.messages[pkt.msg]!.arrivals.some((seq) => seq > pkt.seq);

/** Auto-receive: the line at the packet's sequence number in the channel's page (§C.6). */
function placeInPage(ctx: CraniumCtx, node: NodeState, pkt: CraniumPacket, channel: number): void {
  const c = ctx.state.cycle;
  const cfg = ctx.cfg;
  const msg = ctx.state.messages[pkt.msg]!;
  const late = outOfOrder(ctx, pkt);
  const ch = node.ni.recv[channel]!;
  // The channel remembers its message so the notification names it, not a look-alike.
  ch.msg = pkt.msg;
  const buffer = Object.values(node.buffers).find((b) => b.frame === ch.page)!;
  msg.arrivals.push(pkt.seq);
  msg.placed += 1;
  const prior = buffer.received[pkt.seq];
  if (cfg.checkInvariants && prior && prior.msg === pkt.msg)
    emit(ctx, {
      kind: 'invariant.violation',
      rule: 'delivery',
      block: -1,
      detail: `line ${pkt.seq} of message ${pkt.msg} written twice`,
    });
  buffer.received[pkt.seq] = {
    packet: pkt.id,
    msg: pkt.msg,
    seq: pkt.seq,
    at: c,
    order: msg.placed,
    writes: (prior?.writes ?? 0) + 1,
  };
  buffer.lines[pkt.seq] = pkt.payload;
  pkt.placed = `buffer ${buffer.handle} line ${pkt.seq}`;
  const line = lineName(buffer.handle, pkt.seq);
  if (node.cache[line]) {
    if (cfg.dmaCoherence === 'update')
      cacheTo(ctx, node, line, 'CE', 'the DMA write updates the cached copy', true);
    else
      cacheTo(
        ctx,
        node,
        line,
        'I',
        'the DMA write invalidates the cached copy (bulk data: do not pollute the cache)',
      );
  }
  ch.pending -= 1;
  ch.remaining -= 1;
  emit(ctx, {
    kind: 'cr.place',
    node: node.node,
    packet: pkt.id,
    msg: pkt.msg,
    sequence: pkt.seq,
    where: pkt.placed,
    remaining: ch.remaining,
    outOfOrder: late,
  });
  emit(ctx, {
    kind: 'cr.channel',
    node: node.node,
    dir: 'recv',
    channel: ch.id,
    remaining: ch.remaining,
    done: ch.remaining === 0,
  });
  const [every, final] = AUTO_MASK[ch.intr & 7]!;
  const h = pkt.header[4]! >> 12;
  const fires = (mode: string, bit: number) =>
    mode === 'always' || (mode === 'sometimes' && (h & bit) !== 0);
  if (fires(every, 8)) interrupt(ctx, node, 'auto', 0, ch.id);
  if (ch.remaining === 0) {
    ch.busy = false;
    ch.phase = 'idle';
    msg.completedAt = c;
    if (fires(final, 4)) interrupt(ctx, node, 'auto', 0, ch.id);
  }
}

/** A queue entry: payload line, then flag, timestamp and header; the tail advances (§C.7). */
function placeInQueue(
  ctx: CraniumCtx,
  node: NodeState,
  pkt: CraniumPacket,
  q: QueueState,
  slot: number,
): void {
  const c = ctx.state.cycle;
  const msg = ctx.state.messages[pkt.msg]!;
  const late = outOfOrder(ctx, pkt);
  if (q.entries[slot]?.flag)
    emit(ctx, {
      kind: 'cr.queue',
      node: node.node,
      queue: q.name,
      op: 'overwrite',
      head: entryIndex(q, q.head),
      tail: entryIndex(q, q.tail),
    });
  q.entries[slot] = {
    packet: pkt.id,
    flag: true,
    at: c,
    header: [...pkt.header],
    payload: pkt.payload,
    src: pkt.src,
  };
  q.tail = nextEntry(q, q.begin + slot * QUEUE_ENTRY_BYTES);
  if (q.tail === q.head) q.full = true;
  msg.arrivals.push(pkt.seq);
  msg.placed += 1;
  if (msg.placed === msg.packets && q.name === 'user') msg.completedAt = c;
  pkt.placed = `${q.name} queue entry ${slot}`;
  const flag = flagLineName(q.name, slot);
  if (node.cache[flag]) {
    if (ctx.cfg.dmaCoherence === 'invalidate')
      cacheTo(
        ctx,
        node,
        flag,
        'I',
        "the NI's write invalidates the polled flag line: the next poll misses",
      );
    else
      cacheTo(
        ctx,
        node,
        flag,
        'CE',
        "the NI's write updates the polled flag line in place: the next poll hits",
        true,
      );
  }
  const payload = payloadLineName(q.name, slot);
  if (node.cache[payload] && ctx.cfg.dmaCoherence === 'invalidate')
    cacheTo(ctx, node, payload, 'I', "the NI's write invalidates the cached payload line");
  emit(ctx, {
    kind: 'cr.place',
    node: node.node,
    packet: pkt.id,
    msg: pkt.msg,
    sequence: pkt.seq,
    where: pkt.placed,
    remaining: -1,
    outOfOrder: late,
  });
}
