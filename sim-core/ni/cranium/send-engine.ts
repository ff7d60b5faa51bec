/**
 * The NI's scheduler and send engine (seed 001 L927–933, L1885–1891, Fig. 6.1; digest §C.5,
 * §C.9, §C.10): the command at the head of the scheduler FIFO is served — its lookups
 * (lookups.ts), then, for a send, one DMA payload read per packet into the outbox (the first
 * phit after 5 cycles, the FIFO 1), which the network injects the next cycle (the link entry).
 */
import { count } from '../../kernel/words';
import { storePacket } from '../../node/torus/packet-store';
import { lineName } from './cache-lines';
import { emit, type CraniumCtx } from './cranium-context';
import type { ChannelState, NodeState } from './cranium-state';
import { encodeHeader } from './header';
import { interrupt } from './ni-signals';
import { serveLookup } from './lookups';
import { SCHEDULERS } from './scheduler';

/** One cycle of a node's send side: hand finished reads to the network, serve the FIFO's head. */
export function schedule(ctx: CraniumCtx, node: NodeState): void {
  const ni = node.ni;
  const cfg = ctx.cfg;
  const c = ctx.state.cycle;
  const t = cfg.timing;
  // Payload reads that reached the outbox go to the network (injected next cycle).
  // (Other processes' packets share the outbox: a read that finds it full waits.)
  while (ni.flow === 'NORMAL' && ni.dmaReads.length && ni.dmaReads[0]!.readyAt <= c) {
    if (!handOver(ctx, node, ni.dmaReads[0]!.packet)) break;
    ni.dmaReads.shift();
  }
  if (!ni.sched.length) return;
  const fifo = ni.sched.map((e) => (e.dir === 'send' ? ni.send : ni.recv)[e.channel]!);
  const at = SCHEDULERS[cfg.scheduler].pick(fifo, cfg.alpha);
  const ch = fifo[at]!;
  serveLookup(ctx, node, at, ch, 'head');
  if (ch.phase !== 'active' || ni.flow !== 'NORMAL') return;
  // One payload read per packet, while the outbox has room and the memory port is free.
  const outbox = ctx.state.net.queues[node.node]!.length + ni.dmaReads.length;
  if (outbox >= cfg.network.injectionQueue || ni.memoryFree > c || ni.sendGapUntil > c) return;
  if (ch.remaining - ch.pending <= 0) return;
  startRead(ctx, node, ch);
  ni.sendGapUntil = c + t.sendGap;
  if (ch.remaining - ch.pending === 0) ni.sched.splice(at, 1);
  else if (SCHEDULERS[cfg.scheduler].rotate(ch)) ni.sched.push(...ni.sched.splice(at, 1));
}

/** The DMA read of the channel's next line: a packet with its header, ready for the outbox. */
function startRead(ctx: CraniumCtx, node: NodeState, ch: ChannelState): void {
  const s = ctx.state;
  const c = s.cycle;
  const t = ctx.cfg.timing;
  const msg = s.messages[ch.msg]!;
  const line = ch.seq;
  const dest = ch.phys!;
  const header = encodeHeader({
    dest,
    src: { dy: -dest.dy, dx: -dest.dx },
    processId: node.ni.processId,
    destChannel: ch.remoteChannel,
    srcChannel: ch.id,
    intrEvery: (ch.intr & 1) !== 0,
    intrFinal: (ch.intr & 2) !== 0,
    queueFlag: ch.queue,
    sysFlag: false,
    sequence: line,
  });
  const buffer = node.buffers[ch.handle]!;
  const cached = node.cache[lineName(ch.handle, line)];
  const pkt = storePacket(s, (id) => ({
    id,
    msg: msg.id,
    src: node.node,
    dst: ch.remoteNode,
    srcChannel: ch.id,
    destChannel: ch.remoteChannel,
    seq: line,
    header,
    payload: buffer.lines[line]!,
    netId: -1,
    createdAt: c,
    injectedAt: -1,
    headAt: -1,
    deliveredAt: -1,
    placedAt: -1,
    placed: '',
    hops: 0,
    deroutes: 0,
    path: [],
    derouted: [],
  }));
  ch.pending += 1;
  ch.seq = (ch.seq + 1) % ctx.linesPerPage;
  node.ni.memoryFree = c + t.lineOccupancy;
  // The network injects a handed-over packet the next cycle: that cycle is the link entry.
  const readyAt = c + t.firstPhit + t.outboxFifo + t.linkEntry - 1;
  node.ni.dmaReads.push({ packet: pkt.id, readyAt });
  emit(ctx, {
    kind: 'cr.dma',
    node: node.node,
    packet: pkt.id,
    msg: msg.id,
    sequence: line,
    channel: ch.id,
    netPacket: -1,
    stage: 'read',
    why:
      cached === 'DE'
        ? `line ${line} is dirty in the processor's cache: the cache supplies it (intervention) and keeps it dirty`
        : `DMA read of line ${line} (first phit ready in ${count(t.firstPhit, 'cycle')})`,
  });
}

/** A read packet enters the outbox (the network's injection queue), if it has room. */
function handOver(ctx: CraniumCtx, node: NodeState, id: number): boolean {
  const s = ctx.state;
  const pkt = s.packets[id]!;
  const ch = node.ni.send[pkt.srcChannel]!;
  if (!ctx.port.submit(pkt, node.node, pkt.dst)) return false;
  ch.pending -= 1;
  ch.remaining -= 1;
  emit(ctx, {
    kind: 'cr.dma',
    node: node.node,
    packet: id,
    msg: pkt.msg,
    sequence: pkt.seq,
    channel: ch.id,
    netPacket: pkt.netId,
    stage: 'outbox',
    why: `packet ${id} (sequence ${pkt.seq}) enters the outbox; ${ch.remaining} still to send`,
  });
  emit(ctx, {
    kind: 'cr.channel',
    node: node.node,
    dir: 'send',
    channel: ch.id,
    remaining: ch.remaining,
    done: ch.remaining === 0,
  });
  if (ch.remaining === 0) {
    ch.busy = false;
    ch.phase = 'idle';
    s.messages[pkt.msg]!.sentAll = s.cycle;
    if (ch.intr & 4) interrupt(ctx, node, 'send', 0, ch.id);
  }
  return true;
}
