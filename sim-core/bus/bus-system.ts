/**
 * Processors with private caches kept coherent by a snooping bus (the first model; coherent
 * network interfaces later attach to the same bus). Caches follow the protocol table named by the
 * scenario; bus occupancies default to Table 2 of the CNI paper (seed 000, digest §C.2).
 *
 * Order of work inside one cycle c (events are stamped c; the frame at c is the state after it):
 *   1. Bus completion (bus-completion.ts): a transaction whose occupancy ends at c delivers (fill,
 *      perform the access, unblock the processor).
 *   2. Arbitration (bus-arbiter.ts, bus-grant.ts): every cache's request wire ticks (cache 0
 *      first); arrivals join the queue; if the bus is free, the oldest request (lowest seq) is
 *      granted and all snoops happen at once (atomic bus), in cache-id order.
 *   3. Processors (processors.ts), in id order, execute: a hit completes this cycle; a miss queues
 *      a request.
 *   4. Each cache puts at most one queued request on its wire (so arbitration sees it at c + 1;
 *      bus-arbiter.ts).
 *   5. Invariants (bus-invariants.ts): single writer or many readers per block; every valid copy
 *      holds the value of the most recent store to each word (against a sequential reference
 *      memory); the progress watchdog (bus-liveness.ts).
 *   6. Halt when every program has finished and the bus is idle.
 * A transaction granted at c with occupancy k keeps the bus busy for cycles c … c+k−1 and
 * completes in step 1 of cycle c+k, so the next grant can happen in that same cycle.
 *
 * The steps are functions over a BusCtx (bus-context.ts); the state is plain data (bus-state.ts);
 * the Frame and statistics are projected from it (bus-view.ts).
 */
import type { SnoopingProtocol } from '../memory/protocols/snooping-vocabulary';
import { protocols } from '../memory/protocols';
import { arbitrate, driveWires } from './bus-arbiter';
import { completeTransaction } from './bus-completion';
import type { BusSystemConfig } from './bus-config';
import type { BusCtx } from './bus-context';
import type { BusModelEvent } from './bus-events';
import type { BusFrame, BusSystemStats } from './bus-frame';
import { checkInvariants } from './bus-invariants';
import { retiredCount, watchPrograms } from './bus-liveness';
import { initialBusState, memoryImage, type BusSystemState } from './bus-state';
import { busFrame, busStats } from './bus-view';
import { runProcessor } from './processors';
import { compileProgram, type CompiledProgram } from './program';

/** Nothing on the bus, queued for it, or on its way to it. */
const busIdle = (s: BusSystemState): boolean =>
  !s.bus.current &&
  s.bus.queue.length === 0 &&
  s.outboxes.every((o) => o.length === 0) &&
  s.bus.wires.every((w) => w.slots[0] === null);

export class BusSystem {
  readonly protocol: SnoopingProtocol;
  readonly programs: CompiledProgram[];
  private readonly ctx: BusCtx;

  constructor(readonly cfg: BusSystemConfig) {
    this.protocol = protocols[cfg.protocol];
    this.programs = cfg.programs.map(compileProgram);
    const image = memoryImage(cfg.initialMemory);
    this.ctx = {
      cfg,
      protocol: this.protocol,
      programs: this.programs,
      image,
      state: initialBusState(cfg, this.programs, image),
      events: [],
      touched: [],
    };
  }

  get state(): BusSystemState {
    return this.ctx.state;
  }

  /** A restore: the next step runs on the restored state. */
  set state(state: BusSystemState) {
    this.ctx.state = state;
  }

  /** Runs one cycle and returns its events (unstamped; the session stamps cycle and seq). */
  step(): BusModelEvent[] {
    const ctx = this.ctx;
    ctx.events = [];
    ctx.touched = [];
    const s = ctx.state;
    s.cycle += 1;
    if (s.halted) return ctx.events;
    const retired = retiredCount(s);
    completeTransaction(ctx); // 1
    arbitrate(ctx); // 2
    for (const p of s.procs) runProcessor(ctx, p); // 3
    driveWires(ctx); // 4
    if (s.bus.current) s.busStats.busyCycles += 1;
    if (this.cfg.checkInvariants) checkInvariants(ctx); // 5
    watchPrograms(ctx, retired);
    // 6
    if (busIdle(s) && s.procs.every((p) => p.done)) {
      s.halted = true;
      ctx.events.push({ kind: 'sim.halt', reason: 'all programs finished' });
    }
    return ctx.events;
  }

  stats(): BusSystemStats {
    return busStats(this.ctx.state);
  }

  frame(): BusFrame {
    return busFrame(this.ctx);
  }
}
