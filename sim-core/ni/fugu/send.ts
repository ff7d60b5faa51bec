/**
 * Sending (seed 004 §4.1, L761-767, L785, L793; digest §B.7): the message is described into the
 * 16-word send buffer one store at a time — 3 cycles a word, Table 4-4's 6 for the null message's
 * two words and +3 per argument [reading] — and a store blocks while the network cannot accept a
 * message that large [004 L761] (T2: the receiver's lumped buffer is full). Launch commits it
 * atomically, the GID stamped by the hardware. A context switch in the middle rolls the program
 * counter back to the first store (FUGU's shortcut, L1271): the words are written again later.
 */
import { nodeOfVp } from '../../os/process-table';
import { appOf, nodeOf, procOf, type FuguCtx } from './fugu-context';
import { pairKey, type Frame, type FuguNode, type SendSpec } from './fugu-state';

/** Cycles per word stored while describing [reading of 004 L841, L863]. */
export const CYCLES_PER_WORD = 3;

/** A new message for `spec` from process `pid`, as its describe begins. */
export function newMessage(ctx: FuguCtx, pid: number, spec: SendSpec): number {
  const s = ctx.state;
  const p = procOf(ctx, pid);
  const dst = nodeOfVp(s.procs, p.gid, spec.dstVp);
  const dstPid = s.procs.find((q) => q.gid === p.gid && q.vp === spec.dstVp)!.pid;
  const m = {
    id: s.nextMessage,
    src: p.node,
    dst,
    srcVp: p.vp,
    dstVp: spec.dstVp,
    srcPid: pid,
    dstPid,
    gid: p.gid,
    handler: spec.handler,
    args: spec.args,
    dmaBytes: spec.dmaBytes,
    seq: -1,
    describedAt: s.cycle,
    launchedAt: -1,
    arrivedAt: -1,
    deliveredAt: -1,
    handledAt: -1,
    path: null,
    overhead: 0,
    woke: false,
  };
  s.messages[m.id] = m;
  s.nextMessage += 1;
  return m.id;
}

/** A handler's answer to the message it runs for: its `reply` handler, back to the sender. */
function replyTo(ctx: FuguCtx, msg: number): SendSpec {
  const m = ctx.state.messages[msg]!;
  const handlers = appOf(ctx, m.gid).handlers;
  const reply = handlers[m.handler]!.reply;
  return {
    dstVp: m.srcVp,
    handler: handlers.findIndex((h) => h.name === reply),
    args: 0,
    dmaBytes: 0,
  };
}

const words = (ctx: FuguCtx, msg: number) => 2 + ctx.state.messages[msg]!.args;
/** A message's bytes on the wire: header and handler words, its arguments, do_on_dma's block. */
const messageBytes = (m: { args: number; dmaBytes: number }) => 4 * (2 + m.args) + m.dmaBytes;

/**
 * One cycle of the describe step: a store lands every third cycle unless the network cannot take
 * the message, in which case the processor stalls on it (and those are user cycles: the timer
 * counts them, digest §H-22). Returns whether the cycle made progress.
 */
export function describeCycle(ctx: FuguCtx, node: FuguNode, f: Frame): boolean {
  const ni = node.ni;
  if (f.out < 0) f.out = newMessage(ctx, f.pid, f.send ?? replyTo(ctx, f.msg));
  if (ni.describing !== f.out) {
    ni.describing = f.out;
    ni.descriptorLength = 0;
    const m = ctx.state.messages[f.out]!;
    m.describedAt = ctx.state.cycle;
    ctx.events.push({
      kind: 'fugu.send',
      node: node.id,
      pid: f.pid,
      msg: f.out,
      what: 'describe',
      words: words(ctx, f.out),
      gid: m.gid,
      dst: m.dst,
    });
  }
  const m = ctx.state.messages[f.out]!;
  const storing = (f.steps[f.at]!.cycles - f.left + 1) % CYCLES_PER_WORD === 0;
  if (storing && !ctx.network.canInject(ctx.state.net, ctx.cfg.network, m.src, m.dst)) {
    if (ni.blocked === 0)
      ctx.events.push({
        kind: 'fugu.send',
        node: node.id,
        pid: f.pid,
        msg: f.out,
        what: 'blocked',
        words: ni.descriptorLength,
        gid: m.gid,
        dst: m.dst,
      });
    ni.blocked += 1;
    return false;
  }
  ni.blocked = 0;
  if (storing) ni.descriptorLength += 1;
  return true;
}

/** launch: the described message enters the network whole [004 L767]. */
export function launch(ctx: FuguCtx, node: FuguNode, f: Frame): void {
  const s = ctx.state;
  const m = s.messages[f.out]!;
  const key = pairKey(m);
  m.seq = s.pairSeq[key] ?? 0;
  s.pairSeq[key] = m.seq + 1;
  m.launchedAt = s.cycle + 1;
  s.tally.launched += 1;
  // A link of stated bandwidth, or the torus's packets, take the message's words; T2's wire does not.
  const shape =
    ctx.cfg.network.bytesPerCycle || ctx.network.sized
      ? { bytes: messageBytes(m), lane: 0 }
      : undefined;
  ctx.network.inject(s.net, ctx.cfg.network, s.cycle, m.id, m.src, m.dst, shape);
  procOf(ctx, f.pid).stats.sent += 1;
  ctx.events.push({
    kind: 'fugu.send',
    node: node.id,
    pid: f.pid,
    msg: m.id,
    what: 'launch',
    words: words(ctx, m.id),
    gid: m.gid,
    dst: m.dst,
  });
  node.ni.describing = -1;
  node.ni.descriptorLength = 0;
  // The routine may send again (the message thread answers each buffered request).
  f.out = -1;
}

/** A context switch in mid-describe: the words already stored are dropped and written again later. */
export function rollBackDescribe(ctx: FuguCtx, f: Frame): void {
  if (f.out < 0 || f.steps[f.at]?.stage !== 'describe') return;
  const node = nodeOf(ctx, procOf(ctx, f.pid).node);
  const m = ctx.state.messages[f.out]!;
  ctx.events.push({
    kind: 'fugu.send',
    node: node.id,
    pid: f.pid,
    msg: f.out,
    what: 'rollback',
    words: node.ni.descriptorLength,
    gid: m.gid,
    dst: m.dst,
  });
  // The message record keeps its id (never launched); the retry describes it afresh.
  m.describedAt = -1;
  f.left = -1;
  node.ni.describing = -1;
  node.ni.descriptorLength = 0;
  node.ni.blocked = 0;
}
