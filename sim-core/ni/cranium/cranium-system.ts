/**
 * The Cranium machine (seed 001 Ch. 3, App. A, Ch. 6–7; digest §C): on every node a processor
 * running a program of API calls, its cache and pinned pages, and a Cranium NI on the memory bus;
 * the NIs exchange 11-phit packets across the chaotic torus of sim-core/network, through the
 * torus-node kit (sim-core/node/torus). This class builds the context and runs one cycle in order:
 *
 *   1. The network moves phits; the NI hears of each packet's first phit (it takes an inbox slot)
 *      and its last.
 *   2. Each NI: commands whose register write completed take effect; the receive pipeline
 *      finishes writes that are due and decodes the next header (FIFO 2 + decode 4 after the
 *      head arrived, Fig. 6.1); the scheduler serves the command at its head — lookups when cold,
 *      then one DMA payload read per packet into the outbox (first phit after 5 cycles, FIFO 1),
 *      which the network injects the next cycle.
 *   3. The barrier (the Express Broadcast Network).
 *   4. Each processor: a spinning poll ends the cycle its condition holds — the final poll then
 *      costs its load, test and branch (Table 6.1's accounting) — or the next instruction starts.
 */
import { clonePlain } from '../../kernel/clone';
import { reviveNetworkState } from '../../network/network-state';
import { quietAfter } from '../../kernel/watchdog';
import { haltReason } from '../../node/torus/halt';
import { nodesProgressed } from '../../node/torus/progress';
import { packetsInFlight } from '../../node/torus/packet-store';
import { TorusPort } from '../../node/torus/port';
import { barrierDue, stepBarrier } from './barrier';
import { runCommands } from './commands';
import { LINE_BYTES, type CraniumConfig } from './cranium-config';
import type { CraniumCtx } from './cranium-context';
import type { CraniumModelEvent } from './cranium-events';
import { craniumFrame, craniumStats, type CraniumFrame, type CraniumStats } from './cranium-frame';
import { initialState } from './cranium-init';
import type { CraniumPacket, CraniumState, NodeState } from './cranium-state';
import { HEADER_FAULTS, withDestination } from './header';
import { waitingText } from './cranium-liveness';
import { checkNi } from './ni-invariants';
import { stepCraniumProcessor } from './processor';
import type { CraniumInstruction } from './program';
import { accepts, headArrived, receive, tailArrived } from './receive';
import { schedule } from './send-engine';

/** The torus and the NIs behind it, wired together. */
function craniumContext(cfg: CraniumConfig): CraniumCtx {
  // The port's callbacks run only inside a step, once `ctx` is built.
  const node = (n: number) => ctx.state.nodes[n]!;
  const port = new TorusPort<CraniumPacket, number[]>(cfg.network, {
    store: () => ctx.state,
    cycle: () => ctx.state.cycle,
    headers: {
      // The routers rewrote w0 on the way (w0 arrives first); a lecture's fault corrupts it or the code.
      rewrite: (words, remaining) => withDestination(words, remaining.dy, remaining.dx),
      fault: (pkt, words) => HEADER_FAULTS[ctx.state.messages[pkt.msg]?.fault ?? 'none'](words),
    },
    accepts: (n) => accepts(ctx, node(n)),
    headArrived: (n, pkt, net) => headArrived(ctx, node(n), pkt, net),
    tailArrived: (n, pkt) => tailArrived(ctx, node(n), pkt),
  });
  const linesPerPage = cfg.pageBytes / LINE_BYTES;
  const programs = new Map<number, readonly CraniumInstruction[]>();
  for (const s of cfg.nodes) if (!programs.has(s.node)) programs.set(s.node, s.program);
  const ctx: CraniumCtx = {
    cfg,
    state: initialState(cfg, linesPerPage, port.net.state),
    events: [],
    port,
    linesPerPage,
    programNodes: cfg.nodes.map((s) => s.node),
    programs,
  };
  return ctx;
}

/** Work an NI still has: packets in its inbox, reads on their way, commands, its FIFO. */
const niBusy = (n: NodeState) =>
  n.ni.inbox.length > 0 ||
  n.ni.dmaReads.length > 0 ||
  n.ni.commands.length > 0 ||
  n.ni.sched.length > 0;

export class CraniumSystem {
  private readonly ctx: CraniumCtx;

  constructor(readonly cfg: CraniumConfig) {
    this.ctx = craniumContext(cfg);
  }

  get state(): CraniumState {
    return this.ctx.state;
  }

  /** A restore: the machine and its network run on the restored state. */
  set state(state: CraniumState) {
    this.ctx.state = state;
    this.ctx.port.attach(state.net);
  }

  step(): CraniumModelEvent[] {
    const ctx = this.ctx;
    const s = ctx.state;
    ctx.events = [];
    s.cycle += 1;
    if (s.halted) return [];
    const netEvents = ctx.port.step();
    // The network's events come first, then what the NIs heard during its step.
    ctx.events = [...netEvents, ...ctx.events];
    for (const node of s.nodes) {
      runCommands(ctx, node);
      receive(ctx, node);
      schedule(ctx, node);
    }
    stepBarrier(ctx);
    for (const n of ctx.programNodes) stepCraniumProcessor(ctx, s.nodes[n]!);
    if (this.cfg.checkInvariants) for (const node of s.nodes) checkNi(ctx, node);
    this.checkHalt();
    this.watchProgress();
    return ctx.events;
  }

  /** After `stallWatchdog` quiet cycles with the run not over, say where it waits. */
  private watchProgress(): void {
    const ctx = this.ctx;
    const s = ctx.state;
    const processors = ctx.programNodes.map((n) => s.nodes[n]!.proc);
    const moving = nodesProgressed(processors, s.cycle, ctx.events);
    s.quiet = quietAfter(s.quiet, moving, !s.halted);
    if (s.quiet === this.cfg.network.stallWatchdog)
      ctx.events.push({
        kind: 'sim.stall',
        quietCycles: s.quiet,
        progress: 'no packet, NI or processor has moved',
        waiting: waitingText(ctx),
      });
  }

  private checkHalt(): void {
    const ctx = this.ctx;
    const s = ctx.state;
    const reason = haltReason(
      ctx.programNodes.map((n) => s.nodes[n]!.proc),
      s.cycle,
      {
        busy: () => packetsInFlight(s) || s.nodes.some(niBusy),
        progressDue: () => barrierDue(ctx),
      },
    );
    if (!reason) return;
    s.halted = true;
    ctx.events.push({ kind: 'sim.halt', reason });
  }

  /** A restored snapshot's copy, its network revived by the network's own literals. */
  revive(state: CraniumState): CraniumState {
    const { net, ...rest } = state;
    return { ...clonePlain(rest), net: reviveNetworkState(net) };
  }

  frame(): CraniumFrame {
    return craniumFrame(this.cfg, this.ctx.state, this.ctx.port.net.frame());
  }

  stats(): CraniumStats {
    return craniumStats(this.ctx.state, this.ctx.port.net.stats());
  }
}
