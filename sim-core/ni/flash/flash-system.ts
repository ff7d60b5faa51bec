/**
 * The FLASH model (seed 003, Heinlein, Gharachorloo, Dresser & Gupta, ASPLOS 1994; round2-spec
 * §B2): nodes of a processor with 128-byte-line caches, memory with a directory, and MAGIC, whose
 * protocol processor runs handlers (handlers.ts) for coherence and for messages; connection-based
 * transfers of cache-line components with credits, chunking and the software queue; local and
 * global coherence; address validity by invalidation or hold-off. Time is the 10-ns system cycle.
 *
 * Order of work inside one cycle c:
 *   1. network: messages due at c enter their request or reply queues, or wait (links.ts);
 *   2. per node: the processor bus hands commands to MAGIC; data buffers whose data has gone free;
 *   3. per node: the PP finishes steps due at c and the Inbox starts the next handler (pp.ts);
 *   4. per node: the Outbox hands messages to the network and the processor bus;
 *   5. per node: the processor hears replies and runs its program (cpu.ts);
 *   6. invariants; the run halts when every program and transfer is done, or nothing has moved
 *      for `checks.stallWatchdog` cycles (a deadlock: the naive handler, hold-off's cycle).
 */
import { clonePlain } from '../../kernel/clone';
import type { MessageNetwork } from '../../net/message-network';
import { expandProgram, runCpu, type CpuOp } from './cpu';
import type { FlashConfig } from './flash-config';
import type { FlashCtx } from './flash-context';
import { lineId } from './flash-context';
import type { FlashModelEvent } from './flash-events';
import { flashFrame, flashStats, type FlashFrame, type FlashStats } from './flash-frame';
import { checkInvariants } from './flash-invariants';
import type { CacheLineState, FlashNode, FlashState, TransferState } from './flash-state';
import { bufferBase, LINE_BYTES } from './geometry';
import { deliverNetwork, releaseBuffers, runOutbox, runProcessorBus } from './links';
import { runPp } from './pp';
import { flashNetwork, type FlashNet } from './flash-network';

const CACHE_OF: Readonly<Record<string, CacheLineState | null>> = {
  uncached: null,
  clean: 'S',
  dirty: 'M',
  remote: 'M',
};

function initialNode(cfg: FlashConfig, id: number): FlashNode {
  return {
    id,
    pid: 1,
    cpu: {
      pc: 0,
      until: 0,
      waiting: 'none',
      waitingSince: -1,
      retryAt: -1,
      faults: [],
      remapped: {},
      pid: 1,
      done: false,
    },
    cache: {},
    dir: {},
    inq: { processor: [], request: [], reply: [] },
    swq: { head: null, rest: [] },
    outq: { processor: [], request: [], reply: [] },
    pp: { run: null, busy: 0, handlers: 0 },
    inboxTurn: 0,
    buffers: Array.from({ length: cfg.dataBuffers }, () => null),
    release: [],
    records: {},
    xlate: {},
    holdOff: { count: 0, pending: -1 },
    memFreeAt: 0,
    cacheFreeAt: 0,
    toMagic: [],
    toCpu: [],
  };
}

/** The source and destination lines start in the states the transfers name. */
function placeLines(cfg: FlashConfig, nodes: FlashNode[]): void {
  for (const p of cfg.transfers) {
    const src = bufferBase(p.id, true) / LINE_BYTES;
    for (let i = 0; i < p.sourceLines; i++) {
      const line = lineId(p.from, src + i);
      const cached = CACHE_OF[p.sender];
      if (!cached) continue;
      const holder = p.sender === 'remote' ? nodes[p.owner!]! : nodes[p.from]!;
      holder.cache[line] = cached;
      nodes[p.from]!.dir[line] =
        p.sender === 'clean' ? 'shared' : p.sender === 'dirty' ? 'dirty' : 'remote';
    }
    const dst = bufferBase(p.id, false) / LINE_BYTES;
    for (let i = 0; i < p.components; i++) {
      const cached = CACHE_OF[p.receiver];
      if (!cached) continue;
      const line = lineId(p.to, dst + i);
      nodes[p.to]!.cache[line] = cached;
      nodes[p.to]!.dir[line] = p.receiver === 'clean' ? 'shared' : 'dirty';
    }
  }
}

function initialTransfer(id: number, components: number): TransferState {
  return {
    id,
    status: 'idle',
    posted: false,
    got: Array.from({ length: components }, () => false),
    gotCount: 0,
    cleaned: false,
    credit: 0,
    granted: 0,
    sent: 0,
    out: Array.from({ length: components }, () => false),
    asked: 0,
    collected: 0,
    forwardLater: [],
    srcValid: true,
    dstValid: true,
    holdOff: false,
    t: { start: -1, ack: -1, setupEnd: -1, firstByte: -1, lastTail: -1, processed: -1, end: -1 },
  };
}

export class FlashSystem {
  state: FlashState;
  readonly programs: CpuOp[][];
  readonly net: MessageNetwork<FlashNet>;

  constructor(readonly cfg: FlashConfig) {
    this.net = flashNetwork(cfg);
    const nodes = Array.from({ length: cfg.nodes }, (_, i) => initialNode(cfg, i));
    placeLines(cfg, nodes);
    this.programs = Array.from({ length: cfg.nodes }, (_, i) =>
      expandProgram(cfg.programs[i] ?? [], cfg.transfers),
    );
    this.state = {
      cycle: 0,
      halted: false,
      nodes,
      transfers: cfg.transfers.map((p) => initialTransfer(p.id, p.components)),
      messages: {},
      nextMsg: 0,
      net: this.net.initial(),
      progressAt: 0,
    };
  }

  step(): FlashModelEvent[] {
    const s = this.state;
    if (s.halted) return [];
    s.cycle += 1;
    const ctx: FlashCtx = { cfg: this.cfg, state: s, events: [], net: this.net, now: s.cycle };
    deliverNetwork(ctx); // 1
    for (const node of s.nodes) {
      runProcessorBus(ctx, node); // 2
      releaseBuffers(ctx, node);
    }
    for (const node of s.nodes) runPp(ctx, node); // 3
    for (const node of s.nodes) runOutbox(ctx, node); // 4
    for (const node of s.nodes) runCpu(ctx, node, this.programs[node.id]!); // 5
    if (this.cfg.checkInvariants) checkInvariants(ctx); // 6
    this.haltIfDone(ctx);
    return ctx.events;
  }

  private haltIfDone(ctx: FlashCtx): void {
    const s = this.state;
    const idle = s.nodes.every(
      (n) =>
        n.cpu.done &&
        !n.pp.run &&
        !n.swq.head &&
        n.cpu.faults.length === 0 &&
        n.toMagic.length === 0 &&
        n.toCpu.length === 0 &&
        Object.values(n.inq).every((q) => q.length === 0) &&
        Object.values(n.outq).every((q) => q.length === 0),
    );
    if (idle && this.net.inTransit(s.net).length === 0) {
      s.halted = true;
      ctx.events.push({ kind: 'sim.halt', reason: 'all programs finished' });
    } else if (s.cycle - s.progressAt > this.cfg.watchdog) {
      s.halted = true;
      ctx.events.push({ kind: 'sim.halt', reason: 'a program waits forever' });
    }
  }

  frame(): FlashFrame {
    return flashFrame(this.cfg, this.state, this.programs, this.net.inTransit(this.state.net));
  }

  /** A snapshot's state to run on (the torus's records are rebuilt, as the network model does). */
  revive(state: FlashState): FlashState {
    const copy = clonePlain(state);
    return this.net.revive ? { ...copy, net: this.net.revive(state.net) } : copy;
  }

  stats(): FlashStats {
    return flashStats(this.cfg, this.state);
  }
}
