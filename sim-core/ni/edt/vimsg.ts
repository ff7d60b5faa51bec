/**
 * VI-MSG, the message layer on the NI processor (SONIC-VIA, seed 002 §6) [002 L150-159], the part
 * every NI shares: it takes jobs in order — a send doorbell's token, a posted receive, an arrived
 * message — and runs the NI's routine for each; it frames and fragments messages at the MTU,
 * hands them to the network and writes completions into the completion queue (Send6, Recv5; a
 * coherent write the host's next poll misses on, digest §H-6). Its costs are the NI processor's
 * cycles; Transport in the paper's breakdown is its time [002 L196].
 */
import type { BlockData } from '../../node/bus/agent';
import type { Step } from '../../node/bus/routine';
import { fragmentsOf } from './edt-config';
import { PARTS, slice, type Ctx, type EdtHooks, type EdtRoutine } from './edt-node';
import { messageBlocks } from './layout';
import type { EdtNode } from './edt-state';

export const niCycles = (ctx: Ctx, n: number) => n * ctx.cfg.niCosts.niCycle;

/** VI-MSG's send in two halves: before the data (token, translations) and after (frames). */
export function sendCosts(ctx: Ctx, msg: number) {
  const c = ctx.cfg.niCosts;
  const head = Math.floor(c.viMsgSend / 2);
  const extra = fragmentsOf(ctx.cfg, ctx.state.messages[msg]!.bytes) - 1;
  return {
    head: niCycles(ctx, head),
    frames: niCycles(ctx, c.viMsgSend - head),
    fragment: niCycles(ctx, c.viMsgFragment),
    all: niCycles(ctx, c.viMsgSend - head + extra * c.viMsgFragment),
  };
}

export function receiveCycles(ctx: Ctx, msg: number): number {
  const c = ctx.cfg.niCosts;
  const extra = fragmentsOf(ctx.cfg, ctx.state.messages[msg]!.bytes) - 1;
  return niCycles(ctx, c.viMsgReceive + extra * c.viMsgFragment);
}

/** A stretch of VI-MSG's work, with its ledger slice (Transport). */
export function viMsgWork(ctx: Ctx, msg: number, cycles: number, what: string): Step {
  const now = ctx.state.cycle;
  slice(
    ctx,
    msg,
    'NI',
    `VI-MSG: ${what}`,
    'ni-sw',
    PARTS.transport,
    now,
    now + cycles,
    'calibrated: VI-MSG base cost [002 L159, L196]',
  );
  return cycles > 0 ? { op: 'compute', cycles, why: `VI-MSG: ${what}` } : null;
}

/** Waits while `ready` is false, then tells the wait as a Data Transfer slice (if there was one). */
export function waitFor(
  ctx: Ctx,
  f: { locals: Record<string, unknown> },
  msg: number,
  ready: boolean,
  what: string,
): Step | 'go' {
  const now = ctx.state.cycle;
  if (!ready) {
    if (f.locals.waitFrom === undefined || f.locals.waitFrom === null) f.locals.waitFrom = now;
    return { op: 'idle' };
  }
  if (typeof f.locals.waitFrom === 'number') {
    slice(
      ctx,
      msg,
      'NI',
      `waiting for ${what}`,
      'wait',
      PARTS.dataTransfer,
      f.locals.waitFrom,
      now,
      'the mechanism',
    );
    f.locals.waitFrom = null;
  }
  return 'go';
}

/** The message leaves its NI with these blocks (zero network: it reaches the other at once). */
export function transmit(ctx: Ctx, msg: number, payload: BlockData[]): void {
  const m = ctx.state.messages[msg]!;
  m.payload = payload.map((d) => ({ ...d }));
  m.sentAt = ctx.state.cycle;
  ctx.state.counts.sent++;
  // A link of stated bandwidth, or the torus's packets (a frame at a time), take the message's
  // bytes; the paper's network does not.
  const shape =
    ctx.cfg.network.bytesPerCycle || ctx.network.sized
      ? { bytes: m.bytes, lane: 0, frameBytes: ctx.cfg.mtu }
      : undefined;
  ctx.network.inject(ctx.state.net, ctx.cfg.network, ctx.state.cycle, msg, m.src, m.dst, shape);
  ctx.events.push({
    kind: 'edt.msg',
    node: ctx.node.id,
    msg,
    phase: 'send',
    src: m.src,
    dst: m.dst,
    bytes: m.bytes,
    latency: null,
  });
}

/** Send6 / Recv5: one more completion in the completion queue, written by the NI. */
export function cqWrite(ctx: Ctx, which: 's' | 'r', msg: number): Step {
  const cq = ctx.node.ni.cq;
  cq[which]++;
  return {
    op: 'device',
    txn: 'WB',
    block: ctx.layout.cq,
    coherent: true,
    data: { s: cq.s, r: cq.r },
    why: `${which === 's' ? 'Send6' : 'Recv5'}: message ${msg} complete in the completion queue`,
  };
}

/** Messages waiting for a posted receive land as descriptors become available. */
export function land(ctx: Ctx): void {
  const ni = ctx.node.ni;
  const recv = ctx.layout.tags.find((t) => t.region === 'recv')!;
  while (ni.waiting.length > 0 && ni.posted > 0) {
    const msg = ni.waiting.shift()!;
    ni.posted--;
    const blocks = messageBlocks(ctx.layout, 'recv', ctx.state.messages[msg]!.bytes).length;
    ni.pktToAddr.push({ msg, niAddr: recv.sna, blocks });
    ctx.mechanism.land(ctx, msg);
  }
}

/** A message reaches its node's NI: a job for VI-MSG, and it lands once a receive is posted. */
export function arrive(ctx: Ctx, msg: number): void {
  const m = ctx.state.messages[msg]!;
  m.arrivedAt = ctx.state.cycle;
  ctx.state.counts.arrived++;
  // The paper's network takes no time [002 L183]; a pipe's or the torus's crossing is a slice.
  if (ctx.cfg.network.kind !== 'zero')
    slice(
      ctx,
      msg,
      'network',
      'network',
      'network',
      null,
      m.sentAt,
      m.arrivedAt,
      `sim-core/net/${ctx.cfg.network.kind}.ts`,
    );
  ctx.events.push({
    kind: 'edt.msg',
    node: ctx.node.id,
    msg,
    phase: 'arrive',
    src: m.src,
    dst: m.dst,
    bytes: m.bytes,
    latency: null,
  });
  ctx.node.ni.jobs.push({ kind: 'arrive', msg, at: ctx.state.cycle });
  ctx.node.ni.waiting.push(msg);
  land(ctx);
}

/** The doorbells: the host's uncached stores put tokens in them and jobs on VI-MSG's list. */
export const doorbellHooks: Pick<EdtHooks, 'readRegister' | 'writeRegister'> = {
  readRegister: () => 0,
  writeRegister(ctx, reg, value) {
    const ni = ctx.node.ni;
    const now = ctx.state.cycle;
    if (reg === 'sdoorbell') {
      ni.doorbells.send.push(value);
      ni.jobs.push({ kind: 'send', msg: value, at: now });
      slice(
        ctx,
        value,
        'P',
        'Send3: doorbell',
        'bus',
        null,
        ctx.node.app.doorbellAt,
        now,
        '[002 L64]; default cost',
      );
    } else {
      ni.doorbells.recv.push(value);
      ni.jobs.push({ kind: 'post', msg: value, at: now });
    }
  },
};

/** VI-MSG's loop: the oldest job it can do (an arrival only once it has landed). */
/** The first job VI-MSG can take (an arrival once its packet has landed), or -1. */
export const nextJob = (ni: EdtNode['ni']): number =>
  ni.jobs.findIndex((j) => j.kind !== 'arrive' || ni.pktToAddr.some((p) => p.msg === j.msg));

const viMsgMain: EdtRoutine = (ctx, f) => {
  if (f.pc === 1) {
    f.pc = 0;
    return null;
  }
  const ni = ctx.node.ni;
  const at = nextJob(ni);
  if (at < 0) return { op: 'idle' };
  const [job] = ni.jobs.splice(at, 1);
  f.pc = 1;
  return { call: ctx.mechanism.routines[job!.kind], locals: { msg: job!.msg } };
};

export const viMsgRoutines: Record<string, EdtRoutine> = { 'vimsg.main': viMsgMain };
