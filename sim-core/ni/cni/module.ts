/**
 * The coherent-network-interface model as a plug-in (seed 000, digest §B-C): nodes of processor,
 * cache, snooping bus and one of the five NIs of Table 1, joined by the paper's network.
 */
import type { ModelModule } from '../../model';
import type { CniConfig } from './cni-config';
import type { CniModelEvent } from './cni-events';
import type { CniFrame, CniStats } from './cni-frame';
import type { CniMeta } from './cni-meta';
import { cniVocabulary, narrateQuietCni } from './cni-narrate';
import { cniTransaction, queuePointer } from './cni-predictions';
import { cniConfigOf } from './cni-config-of';
import { cniSchema, type CniSystemOut, type CniWorkloadOut } from './cni-schema';
import { cniSweepPlan, cniSweepPoint, type CniSweepRequest } from './cni-sweep';
import { CniSystem } from './cni-system';
import { BUS_NAMES, NI_KINDS } from './config';

export interface CniTypes {
  kind: 'cni';
  system: CniSystemOut;
  workload: CniWorkloadOut;
  config: CniConfig;
  instance: CniSystem;
  frame: CniFrame;
  stats: CniStats;
  meta: CniMeta;
  event: CniModelEvent;
}

const sum = (values: Iterable<number>) => {
  let s = 0;
  for (const v of values) s += v;
  return s;
};

function summary(stats: CniStats): string[] {
  const lines = [
    `messages: sent ${stats.messages.sent}, delivered ${stats.messages.delivered}, lost ${stats.messages.lost}; user messages complete ${stats.userMessages.completed}, mean latency ${stats.userMessages.meanLatency?.toFixed(1) ?? '—'} cycles`,
  ];
  if (stats.roundTrip !== null)
    lines.push(`round trip (median of the second half of the rounds): ${stats.roundTrip} cycles`);
  if (stats.bandwidth)
    lines.push(
      `bandwidth: ${stats.bandwidth.bytesPerCycle.toFixed(3)} B/cycle = ${(stats.bandwidth.ofLocalQueue * 100).toFixed(1)}% of the local-queue 144 MB/s`,
    );
  lines.push(`bus transactions per delivered message: ${stats.transactionsPerMessage.toFixed(2)}`);
  for (const n of stats.nodes) {
    const counts = Object.entries(n.transactions)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    lines.push(
      `node ${n.id} bus: busy ${n.busyCycles} cycles (${(n.utilisation * 100).toFixed(1)}%), ${counts}${n.nacks ? `, NACKs ${n.nacks}` : ''}${n.headRefreshes ? `, head refreshes ${n.headRefreshes}` : ''}`,
    );
  }
  return lines;
}

export const cniModel: ModelModule<CniTypes> = {
  kind: 'cni',
  topics: [{ name: 'coherent-ni', heading: 'Coherent network interfaces', short: 'Coherent NIs' }],
  schema: cniSchema,
  views: ['notes', 'queue', 'cdr', 'buses', 'log', 'stats', 'charts'],
  defaultViews: ['notes', 'queue', 'buses', 'log', 'stats'],
  configOf: cniConfigOf,
  create: (config) => new CniSystem(config),
  meta: (config, model) => ({
    model: 'cni',
    nodes: config.nodes,
    ni: NI_KINDS[config.ni],
    bus: config.bus,
    protocol: config.protocol,
    costs: { ...config.costs },
    blocks: model.layout.blocks,
    queues: Object.values(model.layout.queues),
    workload: config.workload,
  }),
  /** "2 nodes · CNI16Q · memory bus · MOESI"; a local queue joins two processors, with no NI. */
  describe({ system, workload }) {
    const bus = BUS_NAMES[system.bus];
    const w = workload.messages;
    if (w.kind === 'local-queue')
      return `1 node · two processors and a local queue of ${w.slots} slots · ${bus} · ${system.protocol}`;
    const nodes = `${system.nodes} node${system.nodes === 1 ? '' : 's'}`;
    return `${nodes} · ${system.ni} · ${bus} · ${system.protocol}`;
  },
  settings: ({ system }) => ({ ni: system.ni, bus: system.bus }),
  summary,
  vocabularies: [cniVocabulary],
  quiet: narrateQuietCni,
  capabilities: {
    /** Cycles are the 200 MHz processor's; the memory bus runs at 100 MHz, the I/O bus at 50. */
    clocks: () => ({
      cycleDomain: 'cpu',
      cpuHz: 200e6,
      systemHz: 100e6,
      source: '000 L733-751 (I/O bus 50 MHz)',
    }),
    sweeps: {
      /** Every NI that fits the bus at every message size: Fig. 6's round trip or Fig. 7's bandwidth. */
      'message-size': (scenario, request: CniSweepRequest) =>
        cniSweepPlan(request).map(
          ({ ni, bytes }) =>
            () =>
              cniSweepPoint(scenario, ni, request.bus, request.metric, bytes),
        ),
    },
  },
  predictions: [queuePointer, cniTransaction],
  derivedStats: {
    busTransactions: {
      desc: 'All bus transactions (every node, every kind)',
      of: ({ stats }) => sum(stats.nodes.map((n) => sum(Object.values(n.transactions)))),
    },
    uncachedTransactions: {
      desc: 'Uncached loads and stores on every node (UCR8 + UCW8)',
      of: ({ stats }) => sum(stats.nodes.map((n) => n.transactions.UCR8 + n.transactions.UCW8)),
    },
    headRefreshes: {
      desc: "Lazy-pointer refreshes of a queue's head, every node",
      of: ({ stats }) => sum(stats.nodes.map((n) => n.headRefreshes)),
    },
  },
};
