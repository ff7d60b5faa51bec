/**
 * The coherent-network-interface model as a plug-in (seed 000, digest §B-C): nodes of processor,
 * cache, snooping bus and one of the five NIs of Table 1, joined by the paper's network. Its face
 * (cni-face.ts) and its engine.
 */
import { count } from '../../kernel/words';
import type { ModelModule } from '../../model';
import { cniFace, type CniTypes } from './cni-face';
import type { CniStats } from './cni-frame';
import { cniConfigOf } from './cni-config-of';
import { cniMessaging } from './cni-messaging';
import { cniSchema } from './cni-schema';
import { cniSweepPoint } from './cni-sweep';
import { cniSweepPlan, type CniSweepRequest } from './cni-sweep-plan';
import { CniSystem } from './cni-system';
import { NI_KINDS } from './config';

export type { CniTypes } from './cni-face';

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
    lines.push(
      `round trip (median of the second half of the rounds): ${count(stats.roundTrip, 'cycle')}`,
    );
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
      `node ${n.id} bus: busy ${count(n.busyCycles, 'cycle')} (${(n.utilisation * 100).toFixed(1)}%), ${counts}${n.nacks ? `, NACKs ${n.nacks}` : ''}${n.headRefreshes ? `, head refreshes ${n.headRefreshes}` : ''}`,
    );
  }
  return lines;
}

export const cniModel: ModelModule<CniTypes> = {
  ...cniFace,
  schema: cniSchema,
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
  settings: ({ system }) => ({ ni: system.ni, bus: system.bus }),
  summary,
  capabilities: {
    ...cniFace.capabilities,
    messaging: cniMessaging,
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
