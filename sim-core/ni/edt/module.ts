/**
 * The EDT model as a plug-in (seed 002, Eager Data Transfer; round2-spec §B1): two VIA hosts, each
 * with a MESI bus and the EDT NI or a cache-coherent DMA NI, joined by a no-delay network.
 */
import type { ModelModule } from '../../model';
import { dmaVocabulary } from '../../node/dma/dma-narrate';
import { phaseVocabulary } from '../../ledger/phase-narrate';
import { MESI } from '../../memory/protocols/mesi';
import { edtConfigOf, edtCostTable, edtDmaCosts, type EdtConfig } from './edt-config';
import type { EdtModelEvent } from './edt-events';
import type { EdtFrame } from './edt-frame';
import type { EdtMeta } from './edt-meta';
import { edtVocabulary, narrateQuietEdt } from './edt-narrate';
import { edtTransaction, niBlockState } from './edt-predictions';
import { edtSchema, type EdtSystemOut, type EdtWorkloadOut } from './edt-schema';
import type { EdtStats } from './edt-stats';
import { EdtSystem } from './edt-system';
import { EDT_NI_KINDS, MEASURED_NIS } from './ni-kinds';
import { edtPoint, edtSweepPlan, type EdtSweepRequest } from './edt-sweep';
import { timelineRow, type TimelineRequest } from './edt-timeline';

export interface EdtTypes {
  kind: 'edt';
  system: EdtSystemOut;
  workload: EdtWorkloadOut;
  config: EdtConfig;
  instance: EdtSystem;
  frame: EdtFrame;
  stats: EdtStats;
  meta: EdtMeta;
  event: EdtModelEvent;
}

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
  kind: 'edt',
  topics: [{ name: 'edt', heading: 'Eager Data Transfer (EDT)', short: 'EDT' }],
  schema: edtSchema,
  views: [
    'notes',
    'via',
    'edtni',
    'dma',
    'edtbus',
    'phases',
    'breakdown',
    'protocol',
    'log',
    'stats',
  ],
  defaultViews: ['notes', 'via', 'edtni', 'log', 'stats'],
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
  /** "2 hosts · EDT NI · 256-byte messages, sequential · MESI, 128-byte blocks". */
  describe({ system, workload }) {
    const w = workload.via;
    const ni = EDT_NI_KINDS[system.ni];
    const what =
      w.kind === 'pingpong'
        ? `ping-pong of ${w.bytes}-byte messages`
        : `${w.bytes}-byte message${w.rounds > 1 ? 's' : ''}`;
    return `2 hosts · ${ni.label} NI · ${what}, ${w.order} writes · MESI, ${system.blockBytes}-byte blocks`;
  },
  settings: ({ system }) => ({
    ni: system.ni,
    receiveMode: system.receiveMode,
    dmaRate: system.dma.rate,
  }),
  summary,
  vocabularies: [edtVocabulary, dmaVocabulary, phaseVocabulary],
  quiet: narrateQuietEdt,
  capabilities: {
    clocks: () => ({
      cycleDomain: 'cpu',
      cpuHz: 1e9,
      systemHz: 100e6,
      source: '[002 L172, L177, L179]',
    }),
    phases: {
      figure: 'seed 002 Fig. 3 and Fig. 8 (the breakdown: User Data, Data Transfer, Transport)',
    },
    blockBytes: (meta) => meta.blockBytes,
    dma: (frame) => frame.nodes.flatMap((n) => (n.dma ? [n.dma] : [])),
    // The host's MESI is the textbook's; the table the EDT NI adds is its own.
    protocol: (meta) => meta.niProtocol,
    protocolFired: (events) =>
      events.flatMap((e) =>
        e.kind === 'edt.st'
          ? [
              {
                from: e.from,
                event: e.event,
                to: e.to,
                actions: e.actions,
                who: `NI@${e.node} ${e.target}`,
                seq: e.seq,
              },
            ]
          : [],
      ),
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
  predictions: [niBlockState, edtTransaction],
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
