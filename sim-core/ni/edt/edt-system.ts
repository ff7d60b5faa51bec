/**
 * The EDT model (seed 002: Won, Lee, Park & Kim, "Eager Data Transfer Mechanism for Reducing
 * Communication Latency in User-Level Network Protocols"; digest seed-002-edt.md; round2-spec
 * §B1). Two hosts joined by the paper's no-delay network [002 L183], each a 1 GHz processor with a
 * MESI cache [002 L172-175] on a 100 MHz, 128-bit memory bus [002 L176-178] (the bus-node kit,
 * 128-byte blocks), and an NI on that bus [002 L33]: the EDT NI, or a cache-coherent DMA NI
 * (ni-kinds.ts). The processors run VIA (via.ts); the NI processor runs VI-MSG (vimsg.ts).
 *
 * Order of work inside cycle c:
 *   1. per host, bus: the transaction ending at c delivers; then the bus is granted (snoops now,
 *      the EDT NI's TAG match among them);
 *   2. per host, the DMA engine (DMA NIs);
 *   3. per host, agents P, NI and CC: each performs at most one operation;
 *   4. the network delivers what left this cycle (no delay), each arrival a job for VI-MSG;
 *   5. invariants on the blocks touched and on the messages; the progress watchdog
 *      (edt-liveness.ts); halt when every message is read.
 */
import { createStream } from '../../kernel/rng';
import { quietAfter } from '../../kernel/watchdog';
import type { MessageNetwork } from '../../net/message-network';
import type { MessageNetworkState } from '../../net/networks';
import { edtNetwork } from './edt-network';
import { newAgent, type Agent, type BlockData } from '../../node/bus/agent';
import { complete, grant } from '../../node/bus/bus';
import { newNodeBus, type BusTxnKind } from '../../node/bus/bus-state';
import type { BusNodeConfig } from '../../node/bus/context';
import { call, runAgent } from '../../node/bus/interpreter';
import {
  dmaIdle,
  newDmaEngine,
  stepDma,
  type DmaCosts,
  type DmaPort,
} from '../../node/dma/dma-engine';
import { busPort } from '../../node/dma/ports';
import { edtDmaCosts, fragmentsOf, type EdtConfig } from './edt-config';
import type { AgentName, EdtModelEvent } from './edt-events';
import { checkInvariants, unsafeRules } from './edt-invariants';
import { progressed, quietLimit, waitingText } from './edt-liveness';
import { busNodeOf, EDT_BUS_LOG, type Ctx, type Mechanism } from './edt-node';
import { edtNiProtocol, type EdtNiProtocol } from './edt-protocol';
import type { AppStep, EdtMessage, EdtNode, EdtState } from './edt-state';
import { frameOf, type EdtFrame } from './edt-frame';
import { statsOf, type EdtStats } from './edt-stats';
import { layoutOf, messageBlocks, type Layout } from './layout';
import { mechanismOf, ROUTINES } from './mechanisms/registry';
import { EDT_NI_KINDS, type UnsafeRule } from './ni-kinds';
import { arrive } from './vimsg';
import { AGENT_ORDER, quietCycles, skipQuiet } from './edt-quiet';

/** Bus transactions every EDT bus counts (from 0), in this order. */
export const EDT_TXN_KINDS: readonly BusTxnKind[] = [
  'RD',
  'RDX',
  'INV',
  'WB',
  'RETRY',
  'DMARD',
  'DMAWR',
  'UCW8',
];

/** Who sends which message, and each host's script: post, send, wait (seed 002 §7.1 [L185]). */
function plan(cfg: EdtConfig): { messages: EdtMessage[]; scripts: AppStep[][] } {
  const w = cfg.workload;
  const messages: EdtMessage[] = [];
  const add = (src: number) => {
    const id = messages.length;
    messages.push({
      id,
      src,
      dst: 1 - src,
      bytes: w.bytes,
      blocks: Math.ceil(w.bytes / cfg.blockBytes),
      fragments: fragmentsOf(cfg, w.bytes),
      startedAt: -1,
      sentAt: -1,
      arrivedAt: -1,
      completedAt: -1,
      payload: [],
      stale: false,
    });
    return id;
  };
  const scripts: AppStep[][] = [[], []];
  if (w.kind === 'pingpong') {
    for (let r = 0; r < w.rounds; r++) {
      const there = add(0);
      const back = add(1);
      scripts[0]!.push(
        { step: 'post', msg: back },
        { step: 'send', msg: there },
        { step: 'recv', msg: back },
      );
      if (r === 0) scripts[1]!.push({ step: 'post', msg: there });
      scripts[1]!.push({ step: 'recv', msg: there });
      if (r + 1 < w.rounds) scripts[1]!.push({ step: 'post', msg: there + 2 });
      scripts[1]!.push({ step: 'send', msg: back });
    }
  } else {
    for (let r = 0; r < w.rounds; r++) {
      const id = add(0);
      scripts[0]!.push({ step: 'send', msg: id });
      scripts[1]!.push({ step: 'post', msg: id }, { step: 'recv', msg: id });
    }
  }
  return { messages, scripts };
}

export class EdtSystem {
  state: EdtState;
  readonly layout: Layout;
  readonly network: MessageNetwork<MessageNetworkState>;
  readonly kit: BusNodeConfig<AgentName>;
  readonly mechanism: Mechanism;
  readonly protocol: EdtNiProtocol;
  readonly dmaCosts: DmaCosts;
  readonly dmaPort: DmaPort<Ctx> | null;
  readonly unsafe: ReadonlySet<UnsafeRule>;
  readonly softwareFlush: boolean;
  /** Quiet cycles before the progress watchdog reports a stall. */
  readonly quietLimit: number;

  constructor(readonly cfg: EdtConfig) {
    this.layout = layoutOf(cfg.regions, cfg.blockBytes);
    this.network = edtNetwork(cfg);
    this.mechanism = mechanismOf(cfg.ni);
    this.kit = busNodeOf(cfg, this.layout, this.mechanism.master);
    this.protocol = edtNiProtocol(cfg.receiveMode, cfg.assertShared);
    this.dmaCosts = edtDmaCosts(cfg);
    const mode = EDT_NI_KINDS[cfg.ni].dma;
    this.dmaPort = mode ? busPort<Ctx>('DMA', mode) : null;
    this.unsafe = unsafeRules(cfg);
    this.softwareFlush = mode === 'noncoherent' && cfg.flush;
    this.quietLimit = quietLimit(cfg);
    this.state = this.initialState();
  }

  private initialState(): EdtState {
    const { cfg, layout, mechanism } = this;
    const { messages, scripts } = plan(cfg);
    const eager = mechanism.master === 'CC';
    const flushed = eager && cfg.init === 'flush';
    const nodes: EdtNode[] = [0, 1].map((id) => {
      const home: Record<number, BlockData> = {};
      for (const b of layout.blocks) home[b.id] = { v: 0 };
      const agent = (name: AgentName, routine: string | null): Agent<AgentName> => {
        const a = newAgent(name);
        if (routine) call(a, routine);
        return a;
      };
      const P = agent('P', 'via.main');
      // The regions were in the host's cache when registered, unless it was flushed [002 L110].
      if (cfg.hostCached && !flushed)
        for (const b of layout.blocks) P.lines[b.id] = { state: 'S', data: { ...home[b.id]! } };
      const agents: EdtNode['agents'] = { P, NI: agent('NI', 'vimsg.main') };
      if (eager) agents.CC = agent('CC', mechanism.routines.master);
      else agents.DMA = agent('DMA', null);
      return {
        id,
        agents,
        home,
        latest: Object.fromEntries(layout.blocks.map((b) => [b.id, { v: 0 }])),
        bus: newNodeBus<AgentName>(EDT_TXN_KINDS),
        sendBlockTxns: 0,
        ni: {
          // Registration leaves the NI's copies S (it read them) or I (the cache was flushed).
          blocks: eager
            ? layout.blocks.map(() => ({
                st: flushed ? 'I' : 'S',
                data: flushed ? null : { v: 0 },
                pendingFetch: false,
              }))
            : [],
          fetches: [],
          invalidations: [],
          writebacks: [],
          doorbells: { send: [], recv: [] },
          jobs: [],
          posted: 0,
          waiting: [],
          pktToAddr: [],
          cq: { s: 0, r: 0 },
          lastTag: null,
        },
        dma: eager ? null : newDmaEngine('DMA', id),
        app: {
          script: scripts[id]!,
          current: -1,
          stores: [],
          doorbellAt: 0,
          sendsSeen: 0,
          recvsSeen: 0,
        },
      };
    });
    return {
      cycle: 0,
      halted: false,
      nodes,
      net: this.network.initial(),
      messages,
      nextTxnId: 0,
      nextRequestSeq: 0,
      violations: 0,
      counts: { sent: 0, arrived: 0 },
      told: {},
      rng: createStream(cfg.seed, 'edt.writeOrder'),
      quiet: 0,
    };
  }

  ctx(node: EdtNode, events: EdtModelEvent[]): Ctx {
    return {
      kit: this.kit,
      cfg: this.cfg,
      layout: this.layout,
      state: this.state,
      node,
      events,
      hooks: this.mechanism.hooks,
      log: EDT_BUS_LOG,
      routines: ROUTINES,
      protocol: this.protocol,
      network: this.network,
      mechanism: this.mechanism,
      dmaPort: this.dmaPort,
      dmaCosts: this.dmaCosts,
      softwareFlush: this.softwareFlush,
      unsafe: this.unsafe,
    };
  }

  step(): EdtModelEvent[] {
    const s = this.state;
    const events: EdtModelEvent[] = [];
    if (s.halted) return events;
    s.cycle += 1;
    const ctxs = s.nodes.map((n) => this.ctx(n, events));
    for (const ctx of ctxs) {
      complete(ctx);
      grant(ctx);
    }
    const emit = (e: EdtModelEvent) => events.push(e);
    for (const ctx of ctxs)
      if (ctx.node.dma) stepDma(ctx, ctx.node.dma, this.dmaPort!, this.dmaCosts, s.cycle, emit);
    for (const ctx of ctxs)
      for (const name of AGENT_ORDER) {
        const agent = ctx.node.agents[name];
        if (agent) runAgent(ctx, agent);
      }
    for (const msg of this.network.deliverDue(s.net, s.cycle))
      arrive(ctxs[s.messages[msg]!.dst]!, msg);
    if (this.cfg.checkInvariants) checkInvariants((n) => ctxs[n]!, s, events);
    const finished = this.finished();
    const moving = progressed(events, this.network.inTransit(s.net).length);
    s.quiet = quietAfter(s.quiet, moving, !finished);
    if (s.quiet === this.quietLimit)
      events.push({
        kind: 'sim.stall',
        quietCycles: s.quiet,
        progress: 'no message has taken a step, been written or moved a block',
        waiting: waitingText(s),
      });
    if (finished) {
      s.halted = true;
      events.push({ kind: 'sim.halt', reason: 'all messages delivered' });
    }
    return events;
  }

  /** Runs up to `limit` cycles its state proves quiet at once (edt-quiet.ts); returns how many. */
  skipQuiet(limit: number): number {
    const s = this.state;
    if (s.halted || this.finished()) return 0;
    const ctxs = s.nodes.map((n) => this.ctx(n, []));
    const cycles = quietCycles(s, ctxs, this.network, this.dmaPort, this.quietLimit, limit);
    if (cycles > 0) skipQuiet(s, this.network, cycles);
    return cycles;
  }

  private finished(): boolean {
    const s = this.state;
    if (this.network.inTransit(s.net).length > 0) return false;
    return s.nodes.every((n) => {
      const ni = n.ni;
      return (
        n.agents.P!.halted &&
        !n.bus.current &&
        n.bus.queue.length === 0 &&
        ni.jobs.length + ni.fetches.length + ni.invalidations.length + ni.writebacks.length === 0 &&
        (!n.dma || dmaIdle(n.dma)) &&
        n.agents.NI!.stack.length === 1
      );
    });
  }

  /** The blocks a message occupies in a region, for views and fidelity. */
  blocksOf(region: 'send' | 'recv', msg: number): readonly number[] {
    return messageBlocks(this.layout, region, this.state.messages[msg]!.bytes);
  }

  stats(): EdtStats {
    return statsOf(this.cfg, this.state);
  }

  frame(): EdtFrame {
    return frameOf(this.cfg, this.layout, this.state);
  }
}
