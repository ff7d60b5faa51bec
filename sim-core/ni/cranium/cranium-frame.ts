/** What the Cranium views draw: per node the NI, processor, queues and pages; packets; messages. */
import type { NetworkFrame, NetworkStats } from '../../network/network-frame';
import { routerOfNode } from '../../network/topology';
import { LINE_BYTES, type CraniumConfig } from './cranium-config';
import { QUEUE_NAMES, type QueueName } from './queue-names';
import {
  entryIndex,
  type ChannelState,
  type CraniumState,
  type FlowState,
  type BarrierState,
  type MessageRecord,
} from './cranium-state';
import { hex16 } from './header';
import { QUEUE_WORDS, instructionText } from './program';

export interface CraniumChannelView {
  dir: 'send' | 'recv';
  id: number;
  phase: ChannelState['phase'];
  busy: boolean;
  remaining: number;
  packets: number;
  handle: number;
  remoteNode: number;
  remoteChannel: number;
  seq: number;
  /** Its cached translations hold the current handles. */
  warm: boolean;
  msg: number;
}

export interface CraniumQueueView {
  name: QueueName;
  size: number;
  /** Queue Buffer Start and End, Head and Tail: byte addresses (Table 7.2). */
  begin: number;
  end: number;
  headAddress: number;
  tailAddress: number;
  /** The entries Head and Tail address (0…size−1). */
  head: number;
  tail: number;
  full: boolean;
  entries: ({
    packet: number;
    flag: boolean;
    src: number;
    at: number;
    seq: number;
    msg: number;
  } | null)[];
}

export interface CraniumPageLine {
  packet: number;
  msg: number;
  seq: number;
  order: number;
  at: number;
  writes: number;
}

export interface CraniumPageView {
  handle: number;
  frame: number;
  /** Lines written by DMA (null: untouched), and the processor's cached state of each. */
  lines: (CraniumPageLine | null)[];
  cache: string[];
}

export interface CraniumNodeView {
  node: number;
  router: number;
  flow: FlowState;
  processId: number;
  barrier: BarrierState;
  channels: CraniumChannelView[];
  /** The scheduler FIFO, head first, as "send 2" / "recv 6". */
  sched: string[];
  inbox: { packet: number; stage: 'arriving' | 'decoding' | 'writing' | 'held' }[];
  outbox: number[];
  queues: CraniumQueueView[];
  pages: CraniumPageView[];
  proc: {
    pc: number;
    status: 'running' | 'spinning' | 'done';
    current: string | null;
    waitingFor: string;
    program: string[];
  };
  cache: { line: string; state: string }[];
  interrupts: { at: number; code: number; channel: number; text: string }[];
  /**
   * The processor link to the router (§C.17, read-only): on a half-duplex link its current
   * direction, and the TB bit that breaks an inject/deliver tie on an idle link.
   */
  link: { halfDuplex: boolean; direction: 'idle' | 'inject' | 'deliver'; tieBreak: boolean };
}

export interface CraniumPacketView {
  id: number;
  msg: number;
  src: number;
  dst: number;
  seq: number;
  netId: number;
  header: string[];
  createdAt: number;
  injectedAt: number;
  headAt: number;
  deliveredAt: number;
  placedAt: number;
  placed: string;
  hops: number;
  deroutes: number;
  path: number[];
  derouted: boolean[];
}

export interface CraniumMessageView extends MessageRecord {
  bytes: number;
  /** From the send command's store to the receiver's notification (−1 until then). */
  latency: number;
  /** Bytes per cycle over that latency. */
  throughput: number;
  /** Pairs of packets that arrived in the opposite order to their sequence numbers. */
  outOfOrderPairs: number;
}

export interface CraniumStats {
  cycles: number;
  messages: CraniumMessageView[];
  packetsPlaced: number;
  toErrorQueues: number;
  interrupts: number;
  network: NetworkStats;
}

export interface CraniumFrame {
  model: 'cranium';
  cycle: number;
  halted: boolean;
  network: NetworkFrame;
  nodes: CraniumNodeView[];
  packets: CraniumPacketView[];
  stats: CraniumStats;
}

const inversions = (seqs: readonly number[]): number => {
  let n = 0;
  for (let i = 0; i < seqs.length; i++)
    for (let j = i + 1; j < seqs.length; j++) if (seqs[i]! > seqs[j]!) n++;
  return n;
};

export function craniumStats(state: CraniumState, network: NetworkStats): CraniumStats {
  const messages = Object.values(state.messages).map((m) => {
    const bytes = m.packets * LINE_BYTES;
    const latency = m.notifiedAt >= 0 ? m.notifiedAt - m.commandAt : -1;
    return {
      ...m,
      arrivals: [...m.arrivals],
      bytes,
      latency,
      throughput: latency > 0 ? bytes / latency : 0,
      outOfOrderPairs: inversions(m.arrivals),
    };
  });
  let toErrorQueues = 0;
  let interrupts = 0;
  for (const n of state.nodes) {
    interrupts += n.ni.interrupts.length;
    for (const q of ['userError', 'systemError', 'system'] as const)
      toErrorQueues += n.ni.queues[q].entries.filter((e) => e !== null).length;
  }
  return {
    cycles: state.cycle,
    messages,
    packetsPlaced: Object.values(state.packets).filter((p) => p.placedAt >= 0).length,
    toErrorQueues,
    interrupts,
    network,
  };
}

export function craniumFrame(
  cfg: CraniumConfig,
  state: CraniumState,
  network: NetworkFrame,
): CraniumFrame {
  const t = cfg.network.topology;
  const nodes = cfg.nodes.map((setup): CraniumNodeView => {
    const n = state.nodes[setup.node]!;
    const ni = n.ni;
    const used = (ch: ChannelState) => ch.busy || ch.cachedHandle >= 0 || ch.packets > 0;
    const program = setup.program.map(instructionText);
    const w = n.proc.wait;
    const router = state.net.routers[routerOfNode(t, n.node)]!;
    return {
      node: n.node,
      router: routerOfNode(t, n.node),
      flow: ni.flow,
      processId: ni.processId,
      barrier: ni.barrier,
      channels: [...ni.send, ...ni.recv].filter(used).map((ch) => ({
        dir: ch.dir,
        id: ch.id,
        phase: ch.phase,
        busy: ch.busy,
        remaining: ch.remaining,
        packets: ch.packets,
        handle: ch.handle,
        remoteNode: ch.remoteNode,
        remoteChannel: ch.remoteChannel,
        seq: ch.seq,
        warm: ch.cachedHandle === ch.handle && ch.cachedNode === ch.remoteNode,
        msg: ch.msg,
      })),
      sched: ni.sched.map((e) => `${e.dir} ${e.channel}`),
      inbox: ni.inbox.map((e) => ({
        packet: e.packet,
        stage:
          ni.flow === 'FREEZE' && e.decidedAt < 0
            ? 'held'
            : e.decidedAt < 0
              ? e.tailAt < 0
                ? 'arriving'
                : 'decoding'
              : 'writing',
      })),
      outbox: [
        ...ni.dmaReads.map((d) => d.packet),
        ...state.net.queues[n.node]!.map((netId) => state.inFlight[netId] ?? -1),
      ],
      queues: QUEUE_NAMES.map((name) => {
        const q = ni.queues[name];
        return {
          name,
          size: q.size,
          begin: q.begin,
          end: q.end,
          headAddress: q.head,
          tailAddress: q.tail,
          head: entryIndex(q, q.head),
          tail: entryIndex(q, q.tail),
          full: q.full,
          entries: q.entries.map((e) =>
            e
              ? {
                  packet: e.packet,
                  flag: e.flag,
                  src: e.src,
                  at: e.at,
                  seq: state.packets[e.packet]?.seq ?? 0,
                  msg: state.packets[e.packet]?.msg ?? 0,
                }
              : null,
          ),
        };
      }),
      pages: Object.values(n.buffers).map((b) => ({
        handle: b.handle,
        frame: b.frame,
        lines: b.received.map((r) => (r ? { ...r } : null)),
        cache: b.lines.map((_, i) => n.cache[`buf${b.handle}[${i}]`] ?? 'I'),
      })),
      proc: {
        pc: n.proc.pc,
        status: n.proc.status,
        current: n.proc.status === 'done' ? null : (program[n.proc.current] ?? null),
        waitingFor: !w
          ? ''
          : w.kind === 'queue'
            ? `the ${QUEUE_WORDS[w.queue]} queue flag`
            : w.kind === 'barrier'
              ? 'the barrier'
              : `${w.kind} channel ${w.channel}`,
        program,
      },
      cache: Object.entries(n.cache)
        .filter(([line]) => !line.startsWith('buf'))
        .map(([line, s]) => ({ line, state: s })),
      interrupts: ni.interrupts.map((i) => ({
        at: i.at,
        code: i.code,
        channel: i.channel,
        text: i.text,
      })),
      link: {
        halfDuplex: cfg.network.halfDuplexP,
        direction: router.pLink,
        tieBreak: router.tieBreak,
      },
    };
  });
  const packets = Object.values(state.packets).map((p) => ({
    id: p.id,
    msg: p.msg,
    src: p.src,
    dst: p.dst,
    seq: p.seq,
    netId: p.netId,
    header: p.header.map(hex16),
    createdAt: p.createdAt,
    injectedAt: p.injectedAt,
    headAt: p.headAt,
    deliveredAt: p.deliveredAt,
    placedAt: p.placedAt,
    placed: p.placed,
    hops: p.hops,
    deroutes: p.deroutes,
    path: [...p.path],
    derouted: [...p.derouted],
  }));
  return {
    model: 'cranium',
    cycle: state.cycle,
    halted: state.halted,
    network,
    nodes,
    packets,
    stats: craniumStats(state, network.stats),
  };
}
