/**
 * The processor's messaging layer (§B.7): split user messages into 256-byte network messages,
 * send them through the NI, poll for arrivals, and, when a send blocks, drain incoming messages
 * into user memory so two blocked senders cannot deadlock (with CNI16Qm only once its NI has
 * interrupted: its queue overflows into memory by itself until all 128 slots are full, §B.6.4).
 * Software overhead is charged half at each end (§B.9).
 */
import type { Agent, RoutineFrame } from '../../../node/bus/agent';
import type { Step } from '../../../node/bus/routine';
import { messageEvent } from '../cni-messages';
import type { CniRoutine, Ctx } from '../cni-node';
import type { AgentName } from '../cni-state';
import { NI_KINDS, splitPayload } from '../config';

const here = (ctx: Ctx, agent: AgentName) => ({ node: ctx.node.id, agent });

const half = (ctx: Ctx) => Math.floor(ctx.cfg.softwareOverhead / 2);

function work(ctx: Ctx, cycles: number, why: string): Step {
  return cycles > 0 ? { op: 'compute', cycles, why } : null;
}

function startUserMessage(ctx: Ctx, to: number, bytes: number): number[] {
  const { state } = ctx;
  const user = state.users.length;
  const parts = splitPayload(bytes);
  state.users.push({
    id: user,
    src: ctx.node.id,
    dst: to,
    bytes,
    parts: parts.length,
    startedAt: state.cycle,
    completedAt: -1,
  });
  return parts.map((payload, part) => {
    const id = state.messages.length;
    const key = `${ctx.node.id}>${to}`;
    state.messages.push({
      id,
      user,
      part,
      parts: parts.length,
      src: ctx.node.id,
      dst: to,
      payload,
      seq: 0,
      sentAt: state.cycle,
      deliveredAt: -1,
    });
    state.messages[id]!.seq = state.lastSeq[`sent ${key}`] =
      (state.lastSeq[`sent ${key}`] ?? -1) + 1;
    return id;
  });
}

/** Software takes a network message: checks order, completes the user message, replies. */
export function takeMessage(ctx: Ctx, msg: number, taker: AgentName): number {
  const { state, node } = ctx;
  const m = state.messages[msg]!;
  m.deliveredAt = state.cycle;
  const key = `${m.src}>${m.dst}`;
  const expected = (state.lastSeq[key] ?? -1) + 1;
  if (m.src >= 0 && m.seq !== expected) {
    state.violations++;
    ctx.events.push({
      kind: 'invariant.violation',
      rule: 'delivery',
      block: -1,
      detail: `message ${msg} from node ${m.src} arrived as number ${m.seq}, expected ${expected}`,
    });
  }
  state.lastSeq[key] = m.seq;
  messageEvent(ctx, 'receive', msg, here(ctx, taker), { latency: state.cycle - m.sentAt });
  const app = node.app;
  app.partsSeen[m.user] = (app.partsSeen[m.user] ?? 0) + 1;
  if (app.partsSeen[m.user] === m.parts) {
    const u = state.users[m.user]!;
    u.completedAt = state.cycle;
    app.expect--;
    messageEvent(ctx, 'complete', msg, here(ctx, taker), {
      bytes: u.bytes,
      latency: state.cycle - u.startedAt,
    });
    if (app.replies && m.src >= 0)
      app.outbox.push({ user: -1, to: m.src, bytes: u.bytes, notBefore: 0 });
    if (app.roundsLeft > 0) {
      app.roundsLeft--;
      app.outbox.push({ user: -1, to: m.src, bytes: u.bytes, notBefore: 0 });
    }
  }
  return half(ctx) + app.handlerCycles;
}

/** P's main loop on every node of a remote workload. */
const appMain: CniRoutine = (ctx, f: RoutineFrame, a: Agent<AgentName>): Step => {
  const app = ctx.node.app;
  const mech = ctx.mechanism;
  switch (f.pc) {
    case 0: {
      const next = app.outbox[0];
      if (next && next.notBefore <= ctx.state.cycle) {
        app.outbox.shift();
        f.locals = { parts: startUserMessage(ctx, next.to, next.bytes).join(','), part: 0 };
        f.pc = 1;
        return work(ctx, half(ctx), 'messaging layer: prepare the message');
      }
      if (app.buffered.length > 0) {
        const msg = app.buffered.shift()!;
        // At least a cycle each, even with no software overhead and no handler: a node that
        // buffered hundreds of messages does not handle them all in one cycle.
        const cycles = Math.max(1, takeMessage(ctx, msg, a.name));
        return work(ctx, cycles, 'handle a message buffered in user memory');
      }
      if (app.expect > 0) {
        f.pc = 10;
        return { call: mech.receive, locals: { q: mech.queues?.receive ?? null } };
      }
      if (next) return { op: 'idle' };
      return { ret: null };
    }
    case 1: {
      const parts = String(f.locals.parts).split(',').map(Number);
      const msg = parts[Number(f.locals.part)]!;
      f.locals.msg = msg;
      f.pc = 2;
      return { call: mech.send, locals: { msg, q: mech.queues?.send ?? null } };
    }
    case 2: {
      const msg = Number(f.locals.msg);
      if (a.result === 1) {
        messageEvent(ctx, 'send', msg, here(ctx, a.name));
        const parts = String(f.locals.parts).split(',');
        f.locals.part = Number(f.locals.part) + 1;
        f.pc = Number(f.locals.part) < parts.length ? 1 : 0;
        return null;
      }
      messageEvent(ctx, 'blocked', msg, here(ctx, a.name));
      // CNI16Qm buffers by itself, in memory, until its queue is full and it interrupts.
      const overflows = NI_KINDS[ctx.cfg.ni].autoOverflow && !ctx.node.device.rxFullInterrupt;
      if (overflows || app.expect === 0) {
        f.pc = 1;
        return work(ctx, ctx.cfg.pollWork, 'send blocked: wait and retry');
      }
      f.pc = 3;
      return { call: mech.receive, locals: { q: mech.queues?.receive ?? null } };
    }
    case 3: {
      f.pc = 1;
      const got = Number(a.result);
      if (got >= 0) {
        app.buffered.push(got);
        messageEvent(ctx, 'buffer', got, here(ctx, a.name));
        return null;
      }
      return work(ctx, ctx.cfg.pollWork, 'send blocked and nothing to drain: retry');
    }
    case 10: {
      f.pc = 0;
      const got = Number(a.result);
      if (got === LOST) {
        app.expect--;
        return null;
      }
      if (got < 0)
        return work(ctx, ctx.cfg.pollWork, 'nothing yet: other work before the next poll');
      return work(ctx, takeMessage(ctx, got, a.name), 'messaging layer: run the handler');
    }
  }
  throw new Error(`app.main: bad pc ${f.pc}`);
};

/** A receive routine's answer when the message it read was overwritten before it finished. */
export const LOST = -2;

/** Fig. 2: P sends `count` messages into a local queue, P1 takes them out. */
const localSender: CniRoutine = (ctx, f, a): Step => {
  const w = ctx.cfg.workload;
  if (w.kind !== 'local-queue') throw new Error('local.sender needs a local-queue workload');
  switch (f.pc) {
    case 0:
      if (Number(f.locals.sent ?? 0) >= w.count) return { ret: null };
      f.pc = 1;
      return work(ctx, w.sendCycles, 'produce the next message');
    case 1: {
      if (f.locals.msg === undefined || f.locals.msg === null)
        f.locals.msg = startUserMessage(ctx, ctx.node.id, w.bytes)[0]!;
      f.pc = 2;
      return { call: 'queue.send', locals: { q: 'q', msg: f.locals.msg } };
    }
    case 2:
      if (a.result === 1) {
        f.locals.sent = Number(f.locals.sent ?? 0) + 1;
        f.locals.msg = null;
        f.pc = 0;
        return null;
      }
      f.pc = 1;
      return work(ctx, ctx.cfg.pollWork, 'queue full: wait and retry');
  }
  throw new Error(`local.sender: bad pc ${f.pc}`);
};

const localReceiver: CniRoutine = (ctx, f, a): Step => {
  const w = ctx.cfg.workload;
  if (w.kind !== 'local-queue') throw new Error('local.receiver needs a local-queue workload');
  switch (f.pc) {
    case 0:
      if (ctx.node.app.expect <= 0) return { ret: null };
      f.pc = 1;
      return { call: 'queue.receive', locals: { q: 'q' } };
    case 1: {
      f.pc = 0;
      const got = Number(a.result);
      if (got < 0) return work(ctx, ctx.cfg.pollWork, 'queue empty: poll again');
      takeMessage(ctx, got, a.name);
      return work(ctx, w.receiveCycles, 'consume the message');
    }
  }
  throw new Error(`local.receiver: bad pc ${f.pc}`);
};

export const messagingRoutines: Record<string, CniRoutine> = {
  'app.main': appMain,
  'local.sender': localSender,
  'local.receiver': localReceiver,
};
