/**
 * The EDT model as a plug-in (seed 002, Eager Data Transfer; round2-spec §B1): two VIA hosts, each
 * with a MESI bus and the EDT NI or a cache-coherent DMA NI, joined by a no-delay network. Its
 * face (edt-face.ts) and the engine: schema, configuration, machine, sweeps, derived statistics.
 */
import type { ModelModule } from '../../model';
import { MESI } from '../../memory/protocols/mesi';
import { edtConfigOf, edtCostTable, edtDmaCosts } from './edt-config';
import { edtMessaging } from './edt-messaging';
import { edtFace, type EdtTypes } from './edt-face';
import type { EdtMeta } from './edt-meta';
import { edtSchema } from './edt-schema';
import type { EdtStats } from './edt-stats';
import { EdtSystem } from './edt-system';
import { EDT_NI_KINDS, MEASURED_NIS } from './ni-kinds';
import { edtPoint, edtSweepPlan, type EdtSweepRequest } from './edt-sweep';
import { timelineRow, type TimelineRequest } from './edt-timeline';

export type { EdtTypes } from './edt-face';

function summary(stats: EdtStats): string[] {
  const l = stats.latency;
  const lines = [
    `messages: ${stats.messages.delivered} of ${stats.messages.total} received${stats.messages.stale ? `, ${stats.messages.stale} with STALE bytes` : ''}`,
    `one-way latency (VipPostSend to the receiver's poll; median of the second half): ${l.oneWay ?? '—'} cycles (ns), mean ${l.mean?.toFixed(1) ?? '—'}`,
  ];
  for (const n of stats.nodes) {
    const counts = Object.entries(n.transactions)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    lines.push(
      `host ${n.id} bus: busy ${n.busyCycles} cycles (${(n.utilisation * 100).toFixed(1)}%), ${counts || 'no transactions'}${n.sendTxnsPerBlock !== null ? `; ${n.sendTxnsPerBlock.toFixed(2)} per send-buffer block` : ''}`,
    );
  }
  if (stats.dma) lines.push(`DMA: ${stats.dma.blocks} blocks moved, ${stats.dma.retries} RETRYs`);
  return lines;
}

export const edtModel: ModelModule<EdtTypes> = {
  ...edtFace,
  schema: edtSchema,
  configOf: edtConfigOf,
  create: (config) => new EdtSystem(config),
  meta: (config, model): EdtMeta => ({
    model: 'edt',
    nodes: 2,
    ni: config.ni,
    niLabel: EDT_NI_KINDS[config.ni].label,
    mechanism: EDT_NI_KINDS[config.ni].mechanism,
    receiveMode: config.receiveMode,
    assertShared: config.assertShared,
    blockBytes: config.blockBytes,
    wordBytes: model.layout.wordBytes,
    mtu: config.mtu,
    protocol: MESI,
    niProtocol: model.protocol,
    tags: model.layout.tags,
    blocks: model.layout.blocks.map((b) => ({
      id: b.id,
      name: b.name,
      region: b.region,
      hostAddr: b.hostAddr,
      niAddr: b.niAddr,
    })),
    costTable: edtCostTable(config),
    dma: edtDmaCosts(config),
    fetchDelay: config.niCosts.fetchDelay * config.niCosts.niCycle,
    costs: { bus: config.bus, host: config.host, niCosts: config.niCosts, dma: config.dma },
    workload: config.workload,
  }),
  settings: ({ system }) => ({
    ni: system.ni,
    receiveMode: system.receiveMode,
    dmaRate: system.dma.rate,
  }),
  summary,
  capabilities: {
    ...edtFace.capabilities,
    messaging: edtMessaging,
    sweeps: {
      /** One message's bus traffic under EDT, CC-DMA by intervention and by retry. */
      'three-nis': (scenario, request: TimelineRequest) =>
        MEASURED_NIS.map((ni) => () => timelineRow(scenario, ni, request.msg)),
      /** Fig. 8's split and Fig. 9's DMA phases, per size, NI and DMA rate (this simulation's). */
      breakdown: (scenario, request: EdtSweepRequest) =>
        edtSweepPlan(request).map(
          ({ ni, bytes, rate }) =>
            () =>
              edtPoint(scenario, ni, bytes, rate, request.rounds),
        ),
    },
  },
  derivedStats: {
    oneWayLatency: {
      desc: "Median one-way latency, VipPostSend() to the receiver's poll (cycles)",
      of: ({ stats }) => stats.latency.oneWay,
    },
    sendTxnsPerBlock: {
      desc: "Bus transactions on the send buffer's blocks per message block (host 0)",
      of: ({ stats }) => stats.nodes[0]?.sendTxnsPerBlock ?? null,
    },
    busTransactions: {
      desc: 'All bus transactions, both hosts',
      of: ({ stats }) =>
        stats.nodes.reduce(
          (a, n) => a + Object.values(n.transactions).reduce((x, y) => x + (y ?? 0), 0),
          0,
        ),
    },
  },
};
