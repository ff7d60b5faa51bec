/**
 * A process's own thread: its program, one operation at a time (compute, send, wait for handlers,
 * beginatom/endatom, a polling loop), each operation a routine pushed on the process's stack, so a
 * handler or the message-handling thread interrupts it where it stands. A finished program's
 * process waits for messages; a process in overflow mode runs only its message-consuming thread
 * [004 L1715]; an interactive job runs the work that has arrived for it.
 */
import { nextInt } from '../../kernel/rng';
import { endatom } from './actions';
import { appOf, type FuguCtx } from './fugu-context';
import type { FuguOp } from './fugu-format';
import type { Frame, FuguNode, FuguProcess, SendSpec } from './fugu-state';
import { setUac } from './ni';
import { frame, sendSteps } from './routines';
import { wantsProcessor } from './scheduling';

/** What a cycle of the thread did: pushed a routine (run it now), worked, or waited. */
type ThreadStep = 'push' | 'user' | 'idle';

type OpRunner<K extends FuguOp['op']> = (
  ctx: FuguCtx,
  node: FuguNode,
  p: FuguProcess,
  op: Extract<FuguOp, { op: K }>,
) => ThreadStep | 'next';

const spin = (routine: 'wait' | 'poll', p: FuguProcess, count: number): Frame => {
  const f = frame(routine, [{ stage: 'spin', cycles: -1, then: null }], p.pid);
  f.count = count;
  return f;
};

/** The destination of a send, drawing a random one from the process's own stream. */
function destinationOf(ctx: FuguCtx, p: FuguProcess, to: FuguOp & { op: 'send' }): number {
  const size = appOf(ctx, p.gid).nodes.length;
  if (typeof to.to === 'number') return to.to;
  if (to.to === 'next') return (p.vp + 1) % size;
  if (to.to === 'prev') return (p.vp + size - 1) % size;
  if (to.to === 'all') return (p.vp + p.fanout) % size;
  return (p.vp + 1 + nextInt(p.rng, size - 1)) % size;
}

const OPS: { readonly [K in FuguOp['op']]: OpRunner<K> } = {
  compute(_ctx, _node, p, op) {
    const cycles = op.cycles + (op.jitter > 0 ? nextInt(p.rng, 2 * op.jitter + 1) - op.jitter : 0);
    p.pc += 1;
    if (cycles <= 0) return 'next';
    p.frames.push(frame('compute', [{ stage: 'compute', cycles, then: null }], p.pid));
    return 'push';
  },
  send(ctx, _node, p, op) {
    const size = appOf(ctx, p.gid).nodes.length;
    if (op.to === 'all') p.fanout += 1;
    const spec: SendSpec = {
      dstVp: destinationOf(ctx, p, op),
      handler: appOf(ctx, p.gid).handlers.findIndex((h) => h.name === op.handler),
      args: op.args,
      dmaBytes: op.dmaBytes,
    };
    if (op.to !== 'all' || p.fanout >= size - 1) {
      p.fanout = 0;
      p.pc += 1;
    }
    p.frames.push(frame('send', sendSteps(ctx, op.args), p.pid, -1, spec));
    return 'push';
  },
  wait(_ctx, _node, p, op) {
    p.pc += 1;
    p.frames.push(spin('wait', p, op.messages));
    return 'push';
  },
  poll(_ctx, _node, p, op) {
    p.pc += 1;
    p.frames.push(spin('poll', p, op.messages));
    return 'push';
  },
  beginatom(ctx, node, p) {
    p.pc += 1;
    setUac(ctx, node, 'interruptDisable', true, 'beginatom');
    return 'next';
  },
  endatom(ctx, node, p) {
    p.pc += 1;
    endatom(ctx, node, p.frames[0]!, false);
    return node.kernel.length > 0 ? 'user' : 'next';
  },
};

/** One cycle of a process's thread when nothing it started is still running. */
export function threadCycle(ctx: FuguCtx, node: FuguNode, p: FuguProcess): ThreadStep {
  const app = appOf(ctx, p.gid);
  if (app.interactive) {
    if (p.work <= 0) return 'idle';
    p.work -= 1;
    node.busy.interactive += 1;
    return 'user';
  }
  if (p.finished || p.overflow) return 'idle';
  // A few zero-time operations (beginatom, a compute of 0) may run in one cycle.
  for (let guard = 0; guard < 8; guard++) {
    if (p.pc >= app.program.length) {
      p.pc = 0;
      p.round += 1;
      if (p.round >= app.repeat || app.program.length === 0) {
        p.finished = true;
        p.finishedAt = ctx.state.cycle;
        ctx.events.push({ kind: 'fugu.finish', node: node.id, pid: p.pid, gid: p.gid });
        // A finished program gives up the processor, unless it busy-waits (the null application)
        // or still has messages to handle.
        if (!wantsProcessor(ctx, p)) {
          p.runnable = false;
          node.switchDue ??= 'finish';
        }
        return 'idle';
      }
    }
    const op = app.program[p.pc]!;
    if ((op.vps && !op.vps.includes(p.vp)) || (op.every && (p.round + 1) % op.every !== 0)) {
      p.pc += 1;
      continue;
    }
    const run = OPS[op.op] as OpRunner<typeof op.op>;
    const result = run(ctx, node, p, op as never);
    if (result !== 'next') return result;
  }
  return 'user';
}
