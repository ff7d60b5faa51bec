/**
 * The FUGU machine (seed 004; round2-spec §B3): nodes of a Sparcle processor and a direct VNI,
 * joined by the T2 network (a pipe with a lumped receiver buffer) and the token ring, running
 * applications under a timeslice scheduler. One cycle, in order:
 *
 *   1. Scheduling: slice edges on each node's own clock; interactive work arriving.
 *   2. The main network delivers what is due into the receivers' input queues.
 *   3. The ring delivers overflow control's frames; emptied processes report.
 *   4. Each node: the dispatch rule on its queue's head, then the processor (one interrupt at
 *      most, one cycle of the routine on top), then the atomicity timer.
 *   5. Invariants, and the halt: every measured program finished and every message handled.
 */
import type { FuguConfig } from './fugu-config';
import type { FuguCtx } from './fugu-context';
import type { FuguModelEvent } from './fugu-events';
import { fuguFrame, fuguStats, type FuguFrame, type FuguStats } from './fugu-frame';
import { initialState } from './fugu-init';
import { CROSSING, fuguNetwork } from './fugu-network';
import { checkInvariants } from './fugu-invariants';
import type { FuguState } from './fugu-state';
import { dispatch, firedRow, tickTimer } from './ni';
import { stepOverflow } from './overflow';
import { stepProcessor } from './processor';
import { loadNi, stepScheduling } from './scheduling';

export class FuguSystem {
  private readonly ctx: FuguCtx;
  /** The processes whose programs the run waits for (not the background applications'). */
  private readonly measured: number[];

  constructor(readonly cfg: FuguConfig) {
    const network = fuguNetwork(cfg);
    const state = initialState(cfg, network);
    const interactive = state.procs
      .filter((p) => cfg.apps.find((a) => a.gid === p.gid)!.interactive)
      .map((p) => p.pid);
    this.ctx = { cfg, state, network, events: [], observers: [], interactive };
    this.measured = state.procs
      .filter((p) => !cfg.apps.find((a) => a.gid === p.gid)!.background)
      .map((p) => p.pid);
    this.ctx.observers.push((sw) => loadNi(this.ctx, sw));
  }

  get state(): FuguState {
    return this.ctx.state;
  }

  set state(state: FuguState) {
    this.ctx.state = state;
  }

  step(): FuguModelEvent[] {
    const ctx = this.ctx;
    const s = ctx.state;
    ctx.events = [];
    s.cycle += 1;
    if (s.halted) return [];
    stepScheduling(ctx);
    for (const id of ctx.network.deliverDue(s.net, s.cycle)) this.arrive(id);
    stepOverflow(ctx);
    for (const node of s.nodes) {
      dispatch(ctx, node);
      stepProcessor(ctx, node);
      tickTimer(ctx, node, firedRow(ctx, node).id === 'poll');
    }
    if (this.cfg.checkInvariants) checkInvariants(ctx);
    this.checkHalt();
    return ctx.events;
  }

  private arrive(id: number): void {
    const ctx = this.ctx;
    const m = ctx.state.messages[id]!;
    const node = ctx.state.nodes[m.dst]!;
    m.arrivedAt = ctx.state.cycle;
    node.ni.inputQueue.push(id);
    ctx.events.push({
      kind: 'fugu.arrive',
      node: m.dst,
      msg: id,
      gid: m.gid,
      queue: node.ni.inputQueue.length,
    });
    ctx.events.push({
      kind: 'phase',
      message: id,
      node: m.src,
      actor: 'network',
      phase: `${CROSSING[ctx.cfg.network.kind].name} to node ${m.dst}`,
      category: 'network',
      part: null,
      start: m.launchedAt,
      end: ctx.state.cycle,
      source: CROSSING[ctx.cfg.network.kind].source,
    });
  }

  /** Every measured program finished, every launched message handled, nothing left running. */
  private checkHalt(): void {
    const s = this.ctx.state;
    for (const pid of this.measured) if (!s.procs[pid]!.finished) return;
    if (s.tally.handled < s.tally.launched) return;
    // The scheduler's own run at a slice edge carries no message: with short slices and skew
    // some node is always in one, and waiting for a cycle when none is would never halt.
    if (s.nodes.some((n) => n.ni.describing >= 0 || n.kernel.some((f) => f.routine !== 'switch')))
      return;
    if (s.procs.some((p) => p.frames.length > 1 || p.buffer.queue.length > 0)) return;
    if (s.ring.inFlight.length > 0 || s.overflow.some((o) => o.active)) return;
    s.halted = true;
    this.ctx.events.push({ kind: 'sim.halt', reason: 'all messages delivered' });
  }

  frame(): FuguFrame {
    return fuguFrame(this.cfg, this.ctx.state, this.ctx.network.inTransit(this.ctx.state.net));
  }

  stats(): FuguStats {
    return fuguStats(this.cfg, this.ctx.state);
  }
}
