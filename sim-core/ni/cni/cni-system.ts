/**
 * The coherent-network-interface model (seed 000, Mukherjee, Falsafi, Hill & Wood, ISCA 1996;
 * digest seed-000-cni.md §B). Each node, built from the bus-node kit (sim-core/node/bus/,
 * cni-node.ts): a processor with a blocking write-back cache, an NI of one of the five kinds of
 * Table 1, and one snooping MOESI bus (memory bus, or a coherent I/O bus behind a bridge); the
 * nodes are joined by the paper's fixed-latency network with a sliding window (§B.0, sim-core/net/).
 * A local-queue workload puts two processors on one bus instead (Fig. 2).
 *
 * Order of work inside cycle c:
 *   1. network: messages and acknowledgements due at c reach their NIs;
 *   2. per node, bus: the transaction ending at c delivers; then the bus is granted (snoops now);
 *   3. per node, agents P, P1, NI: each performs at most one operation (hits finish at once);
 *   4. invariants on the blocks touched, the queues' occupancy; halt when all is delivered.
 */
import { clonePlain } from '../../kernel/clone';
import type { MessageNetwork } from '../../net/message-network';
import type { MessageNetworkState } from '../../net/networks';
import { newAgent, type Agent, type BlockData } from '../../node/bus/agent';
import { complete, grant } from '../../node/bus/bus';
import { newNodeBus } from '../../node/bus/bus-state';
import type { BusNodeConfig } from '../../node/bus/context';
import { call, runAgent } from '../../node/bus/interpreter';
import type { CniModelEvent } from './cni-events';
import type { CniConfig } from './cni-config';
import type { BlockView, CniFrame, CniNodeView, CniStats, QueueView, TxnView } from './cni-frame';
import { quietAfter } from '../../kernel/watchdog';
import { deliverDue } from './cni-messages';
import { cniNetwork } from './cni-network';
import { progressed, quietLimit, waitingText } from './cni-liveness';
import {
  busNodeOf,
  CNI_BUS_LOG,
  cniCounts,
  cniTxnKind,
  type Ctx,
  type Mechanism,
} from './cni-node';
import {
  CNI_TXN_KINDS,
  type AgentName,
  type CniNode,
  type CniState,
  type CniTxn,
  type QueueSide,
} from './cni-state';
import { LOCAL_QUEUE_BYTES_PER_CYCLE, NI_KINDS, splitPayload } from './config';
import { layoutOf, slotBlock, type Layout } from './layout';
import { mechanismOf, ROUTINES } from './mechanisms/registry';
import { AGENT_ORDER, quietCycles, skipQuiet } from './cni-quiet';

const side = (): QueueSide => ({
  pointer: 0,
  sense: 1,
  shadowHead: 0,
  shadowSense: 1,
  refreshes: 0,
  count: 0,
});

function initialData(name: string): BlockData {
  if (name.endsWith('.head')) return { head: 0, sense: 1, v: 0 };
  if (name.endsWith('.tail')) return { tail: 0, sense: 1, v: 0 };
  return { msg: -1, part: -1, valid: 0, v: 0 };
}

export class CniSystem {
  state: CniState;
  readonly layout: Layout;
  readonly network: MessageNetwork<MessageNetworkState>;
  /** Each node's machine, from the bus-node kit. */
  readonly kit: BusNodeConfig<AgentName>;
  /** The NI kind's mechanism (Table 1's column): its routines and hooks. */
  readonly mechanism: Mechanism;
  /** Quiet cycles before the progress watchdog reports a stall. */
  readonly quietLimit: number;

  constructor(readonly cfg: CniConfig) {
    this.layout = layoutOf(cfg);
    this.network = cniNetwork(cfg);
    this.kit = busNodeOf(cfg, this.layout);
    this.mechanism = mechanismOf(cfg);
    this.quietLimit = quietLimit(cfg);
    this.state = this.initialState();
  }

  private initialState(): CniState {
    const { cfg, layout } = this;
    const w = cfg.workload;
    const local = w.kind === 'local-queue';
    const mech = this.mechanism;
    const ni = NI_KINDS[cfg.ni];
    const clean = cfg.protocol.states.E ? 'E' : 'S';
    const state: CniState = {
      cycle: 0,
      halted: false,
      nodes: [],
      net: this.network.initial(),
      messages: [],
      users: [],
      nextTxnId: 0,
      nextRequestSeq: 0,
      lastSeq: {},
      violations: 0,
      lost: 0,
      quiet: 0,
    };
    for (let id = 0; id < cfg.nodes; id++) {
      const agent = (name: AgentName, routine: string): Agent<AgentName> => {
        const a = newAgent(name);
        call(a, routine);
        return a;
      };
      const home: Record<number, BlockData> = {};
      for (const b of layout.blocks) home[b.id] = initialData(b.name);
      const node: CniNode = {
        id,
        agents: {},
        home,
        latest: clonePlain(home),
        bus: newNodeBus(CNI_TXN_KINDS),
        device: {
          backlog: [],
          rxFifo: [],
          rxWordsRead: 0,
          txFifo: [],
          outbound: [],
          rxPhase: 'CLEAN',
          rxMsg: -1,
          txFree: true,
          txRequested: false,
          pendingCount: 0,
          pulls: [],
          rxFullInterrupt: false,
          frames:
            ni.receiveHome === 'memory' ? new Array<number>(ni.deviceCacheBlocks).fill(-1) : [],
        },
        queues: {},
        app: {
          outbox: [],
          buffered: [],
          expect: 0,
          partsSeen: {},
          replies: false,
          handlerCycles: 0,
          roundsLeft: 0,
        },
      };
      node.agents.P = agent('P', local ? 'local.sender' : 'app.main');
      if (local) node.agents.P1 = agent('P1', 'local.receiver');
      else {
        const device = agent('NI', mech.device);
        // The NI's cache holds the device-homed blocks it backs, clean (Fig. 1 starts shared).
        for (const b of layout.blocks) {
          if (b.home !== 'device') continue;
          const rxCdr = layout.rxCdr.includes(b.id);
          device.lines[b.id] = {
            state: cfg.pollCdr && rxCdr ? 'S' : clean,
            data: { ...home[b.id]! },
          };
          if (cfg.pollCdr && rxCdr)
            node.agents.P.lines[b.id] = { state: 'S', data: { ...home[b.id]! } };
        }
        // A memory-homed queue: the processor's cache has been round it once (the digest's E9
        // warm-up), so it holds every block's tag in I, which snarfing needs.
        for (const b of layout.blocks)
          if (b.home === 'memory') node.agents.P.lines[b.id] = { state: 'I', data: null };
        node.agents.NI = device;
      }
      for (const q of Object.keys(layout.queues))
        node.queues[q] = { sender: side(), receiver: side() };
      state.nodes.push(node);
    }
    this.placeWorkload(state);
    return state;
  }

  private placeWorkload(state: CniState) {
    const w = this.cfg.workload;
    const app = (n: number) => state.nodes[n]!.app;
    const send = (from: number, to: number, bytes: number) =>
      app(from).outbox.push({ user: -1, to, bytes, notBefore: 0 });
    switch (w.kind) {
      case 'pingpong':
        send(0, 1, w.bytes);
        app(0).roundsLeft = w.rounds - 1;
        app(0).expect = w.rounds;
        app(1).expect = w.rounds;
        app(1).replies = true;
        return;
      case 'stream':
        for (let i = 0; i < w.count; i++) send(w.from, w.to, w.bytes);
        app(w.to).expect += w.count;
        return;
      case 'burst':
        for (const s of w.senders) {
          for (let i = 0; i < w.count; i++) send(s, w.to, w.bytes);
          if (w.replies) app(s).expect += w.count;
        }
        app(w.to).expect += w.count * w.senders.length;
        app(w.to).handlerCycles = w.handlerCycles;
        app(w.to).replies = w.replies === true;
        return;
      case 'alltoall': {
        const n = state.nodes.length;
        for (let r = 0; r < w.rounds; r++)
          for (let i = 0; i < n; i++) for (let j = 1; j < n; j++) send(i, (i + j) % n, w.bytes);
        for (let i = 0; i < n; i++) app(i).expect = w.rounds * (n - 1);
        return;
      }
      case 'device-send':
        for (let i = 0; i < w.count; i++) send(0, -1, w.bytes);
        return;
      case 'local-queue':
        app(0).expect = w.count;
        return;
      case 'arrivals':
        for (const m of w.messages) {
          const parts = splitPayload(m.bytes);
          const user = state.users.length;
          state.users.push({
            id: user,
            src: -1,
            dst: 0,
            bytes: m.bytes,
            parts: parts.length,
            startedAt: m.at,
            completedAt: -1,
          });
          parts.forEach((payload, part) => {
            const id = state.messages.length;
            state.messages.push({
              id,
              user,
              part,
              parts: parts.length,
              src: -1,
              dst: 0,
              payload,
              seq: id,
              sentAt: m.at,
              deliveredAt: -1,
            });
            this.network.arriveFromOutside(state.net, id, m.at);
          });
        }
        app(0).expect = w.messages.length;
        return;
    }
  }

  /**
   * Each node's context, made once (a step ran 1.3 million cycles a second building two a node):
   * a step points it at the current state, the node and the cycle's event list.
   */
  private readonly contexts: Ctx[] = [];

  private ctx(index: number, events: CniModelEvent[]): Ctx {
    const node = this.state.nodes[index]!;
    const ctx = (this.contexts[index] ??= {
      kit: this.kit,
      cfg: this.cfg,
      layout: this.layout,
      state: this.state,
      node,
      events,
      hooks: this.mechanism.hooks,
      mechanism: this.mechanism,
      log: CNI_BUS_LOG,
      routines: ROUTINES,
      network: this.network,
    });
    ctx.state = this.state;
    ctx.node = node;
    ctx.events = events;
    return ctx;
  }

  step(): CniModelEvent[] {
    const s = this.state;
    const events: CniModelEvent[] = [];
    if (s.halted) return events;
    s.cycle += 1;
    deliverDue({ state: s, events, network: this.network });
    const nodes = s.nodes.length;
    for (let i = 0; i < nodes; i++) {
      const ctx = this.ctx(i, events);
      complete(ctx);
      grant(ctx);
    }
    for (let i = 0; i < nodes; i++) {
      const ctx = this.ctx(i, events);
      for (const name of AGENT_ORDER) {
        const agent = ctx.node.agents[name];
        if (agent) runAgent(ctx, agent);
      }
    }
    if (this.cfg.checkInvariants) this.checkInvariants(events);
    const finished = this.finished();
    const moving = progressed(events, this.network.inTransit(s.net).length);
    s.quiet = quietAfter(s.quiet, moving, !finished);
    if (s.quiet === this.quietLimit)
      events.push({
        kind: 'sim.stall',
        quietCycles: s.quiet,
        progress: 'no message has taken a step or been written',
        waiting: waitingText(s, this.layout),
      });
    if (finished) {
      s.halted = true;
      events.push({ kind: 'sim.halt', reason: 'all messages delivered' });
    }
    return events;
  }

  /** Runs up to `limit` cycles its state proves quiet at once (cni-quiet.ts); returns how many. */
  skipQuiet(limit: number): number {
    const s = this.state;
    if (s.halted) return 0;
    const cycles = quietCycles(s, this.ctxOf, this.network, this.mechanism, this.quietLimit, limit);
    // A finished run halts at its next step (only a run not yet stepped can be finished here).
    if (cycles === 0 || this.finished()) return 0;
    skipQuiet(s, this.network, cycles);
    return cycles;
  }

  /** Node i's context for the skip's questions, which read and never emit. */
  private readonly ctxOf = (i: number) => this.ctx(i, []);

  private finished(): boolean {
    const s = this.state;
    if (this.network.inTransit(s.net).length > 0) return false;
    for (const n of s.nodes) {
      const d = n.device;
      if ((n.agents.P && !n.agents.P.halted) || (n.agents.P1 && !n.agents.P1.halted)) return false;
      if (n.bus.current || n.bus.queue.length > 0) return false;
      if (d.backlog.length + d.outbound.length + d.txFifo.length + d.rxFifo.length > 0)
        return false;
      if (d.pendingCount !== 0 || d.txRequested || d.rxPhase === 'CLEARING') return false;
    }
    return true;
  }

  /**
   * Single writer or many readers (a writable copy is the only valid one, and there is at most
   * one owner), and every readable copy holds the latest data (touched blocks).
   */
  private checkInvariants(events: CniModelEvent[]) {
    const touched = new Map<number, Set<string>>();
    for (const e of events) {
      if (e.kind !== 'cni.coh' && e.kind !== 'cni.access') continue;
      if (!touched.has(e.node)) touched.set(e.node, new Set());
      touched.get(e.node)!.add(e.target);
    }
    const violation = (
      rule: 'single-writer' | 'data-value' | 'capacity',
      block: number,
      detail: string,
    ) => {
      this.state.violations++;
      events.push({ kind: 'invariant.violation', rule, block, detail });
    };
    const protocol = this.cfg.protocol;
    for (const [nodeId, names] of touched) {
      const node = this.state.nodes[nodeId]!;
      for (const name of names) {
        const block = this.layout.blocks.findIndex((b) => b.name === name);
        let writers = 0;
        let owners = 0;
        let valid = 0;
        for (const agent of Object.values(node.agents)) {
          for (const line of [agent.lines[block], agent.victims[block]]) {
            if (!line) continue;
            const spec = protocol.states[line.state];
            if (spec?.perm === 'write') writers++;
            if (spec?.owner) owners++;
            if (spec && spec.perm !== 'none') valid++;
            const latest = node.latest[block];
            if (spec && spec.perm !== 'none' && latest && line.data?.v !== latest.v)
              violation(
                'data-value',
                block,
                `node ${nodeId}: ${agent.name}'s ${name} (${line.state}) is stale`,
              );
          }
        }
        if (writers > 1 || owners > 1 || (writers === 1 && valid > 1))
          violation(
            'single-writer',
            block,
            `node ${nodeId}: ${name} has ${writers} writers, ${owners} owners and ${valid} readable copies`,
          );
      }
      for (const [q, qs] of Object.entries(node.queues)) {
        const layout = this.layout.queues[q]!;
        const occupancy = qs.sender.count - qs.receiver.count;
        if (occupancy < 0 || occupancy > layout.slots)
          violation(
            'capacity',
            layout.base,
            `node ${nodeId}: ${q} holds ${occupancy} of ${layout.slots} slots`,
          );
      }
    }
  }

  stats(): CniStats {
    const s = this.state;
    const cycles = Math.max(1, s.cycle);
    const delivered = s.messages.filter((m) => m.deliveredAt >= 0);
    const done = s.users.filter((u) => u.completedAt >= 0);
    const w = this.cfg.workload;
    let roundTrip: number | null = null;
    if (w.kind === 'pingpong') {
      const out = s.users.filter((u) => u.src === 0);
      const back = s.users.filter((u) => u.src === 1);
      const trips = out
        .map((u, i) =>
          (back[i]?.completedAt ?? -1) >= 0 ? back[i]!.completedAt - u.startedAt : -1,
        )
        .filter((t) => t >= 0);
      // The second half of the rounds: by then every queue slot has been used once.
      const warm = trips.slice(Math.floor(trips.length / 2));
      roundTrip = warm.length
        ? [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)]!
        : null;
    }
    let bandwidth: CniStats['bandwidth'] = null;
    if (w.kind === 'stream' || w.kind === 'burst' || w.kind === 'local-queue') {
      const times = done.map((u) => u.completedAt).sort((a, b) => a - b);
      if (times.length >= 4) {
        // The steady part: from the completion of the first quarter to the last.
        const from = Math.floor(times.length / 4);
        const span = times[times.length - 1]! - times[from - 1]!;
        const bytes = (times.length - from) * (done[0]?.bytes ?? 0);
        const bytesPerCycle = span > 0 ? bytes / span : 0;
        bandwidth = { bytesPerCycle, ofLocalQueue: bytesPerCycle / LOCAL_QUEUE_BYTES_PER_CYCLE };
      }
    }
    const totalTxns = s.nodes.reduce(
      (sum, n) => sum + CNI_TXN_KINDS.reduce((a, k) => a + (n.bus.counts[k] ?? 0), 0),
      0,
    );
    return {
      cycles: s.cycle,
      ni: this.cfg.ni,
      bus: this.cfg.bus,
      messages: {
        sent: s.messages.filter((m) => m.src >= 0).length,
        delivered: delivered.length,
        lost: s.lost,
        payloadBytes: delivered.reduce((a, m) => a + m.payload, 0),
      },
      userMessages: {
        completed: done.length,
        meanLatency: done.length
          ? done.reduce((a, u) => a + u.completedAt - u.startedAt, 0) / done.length
          : null,
      },
      roundTrip,
      bandwidth,
      nodes: s.nodes.map((n) => ({
        id: n.id,
        busyCycles: n.bus.busyCycles,
        utilisation: Math.min(1, n.bus.busyCycles / cycles),
        transactions: cniCounts(n.bus),
        nacks: n.bus.nacks,
        headRefreshes: Object.values(n.queues).reduce((a, q) => a + q.sender.refreshes, 0),
      })),
      transactionsPerMessage: delivered.length ? totalTxns / delivered.length : 0,
      violations: s.violations,
    };
  }

  private blockView(node: CniNode, block: number): BlockView {
    const info = this.layout.blocks[block]!;
    const states: Partial<Record<AgentName, string>> = {};
    for (const agent of Object.values(node.agents)) {
      if (agent.name === 'NI' && this.cfg.ni === 'NI2w') continue;
      states[agent.name] = agent.victims[block]?.state ?? agent.lines[block]?.state ?? 'I';
    }
    const latest = node.latest[block] ?? {};
    return {
      block,
      name: info.name,
      home: info.home,
      states,
      msg: latest.msg ?? -1,
      part: latest.part ?? -1,
      valid: latest.valid ?? 0,
    };
  }

  private txnView(t: CniTxn): TxnView {
    return {
      id: t.id,
      kind: cniTxnKind(t.kind),
      agent: t.agent,
      target: t.target,
      source: t.source,
      grantedAt: t.grantedAt,
      endsAt: t.endsAt,
      posted: t.posted,
      why: t.why,
    };
  }

  frame(): CniFrame {
    const s = this.state;
    const nodes: CniNodeView[] = s.nodes.map((node) => {
      const queues: QueueView[] = Object.values(this.layout.queues).map((q) => {
        const qs = node.queues[q.name]!;
        const slots: BlockView[][] = [];
        for (let i = 0; i < q.slots; i++) {
          const row: BlockView[] = [];
          for (let b = 0; b < q.slotBlocks; b++) row.push(this.blockView(node, slotBlock(q, i, b)));
          slots.push(row);
        }
        return {
          name: q.name,
          sender: q.sender,
          receiver: q.receiver,
          slotCount: q.slots,
          slotBlocks: q.slotBlocks,
          home: q.home,
          tail: qs.sender.pointer,
          senderSense: qs.sender.sense,
          head: qs.receiver.pointer,
          receiverSense: qs.receiver.sense,
          shadowHead: qs.sender.shadowHead,
          shadowSense: qs.sender.shadowSense,
          refreshes: qs.sender.refreshes,
          occupancy: qs.sender.count - qs.receiver.count,
          slots,
          headBlock: this.blockView(node, q.head),
          tailBlock: this.blockView(node, q.tail),
        };
      });
      const agents = Object.values(node.agents).map((a) => {
        const busy = a.busy;
        const status: CniNodeView['agents'][number]['status'] = a.halted
          ? 'done'
          : !busy
            ? 'running'
            : busy.waitingFor === 'transaction'
              ? 'waiting'
              : busy.waitingFor === 'compute'
                ? 'computing'
                : 'draining';
        const doing = busy ? ('why' in busy.op ? busy.op.why : '') : a.halted ? 'finished' : '';
        return {
          name: a.name,
          status,
          doing,
          routines: a.stack.map((f) => f.routine),
        };
      });
      return {
        id: node.id,
        agents,
        bus: {
          kind: this.cfg.bus,
          current: node.bus.current ? this.txnView(node.bus.current) : null,
          queue: node.bus.queue.map((r) => ({
            agent: r.agent,
            target:
              r.kind === 'ucLoad' || r.kind === 'ucStore'
                ? r.reg
                : (this.layout.blocks[r.block]?.name ?? ''),
            why: r.why,
            guaranteed: r.guaranteed,
          })),
          recent: node.bus.recent.map((t) => this.txnView(t)),
          busyCycles: node.bus.busyCycles,
          counts: cniCounts(node.bus),
          nacks: node.bus.nacks,
        },
        device: clonePlain(node.device),
        queues,
        cdrs: this.layout.txCdr.length
          ? {
              tx: this.layout.txCdr.map((b) => this.blockView(node, b)),
              rx: this.layout.rxCdr.map((b) => this.blockView(node, b)),
            }
          : null,
        app: {
          toSend: node.app.outbox.length,
          expect: node.app.expect,
          buffered: node.app.buffered.length,
        },
      };
    });
    return {
      model: 'cni',
      cycle: s.cycle,
      halted: s.halted,
      ni: this.cfg.ni,
      bus: this.cfg.bus,
      nodes,
      network: {
        inFlight: this.network.inTransit(s.net).map(({ msg, arrivesAt }) => {
          const m = s.messages[msg]!;
          return { msg, src: m.src, dst: m.dst, arrivesAt };
        }),
      },
      stats: this.stats(),
    };
  }
}
