/**
 * The EDT model's page (seed 002): its own panels, the NI, write-order and DMA-rate menus, its
 * statistics, and what compare mode can switch — the NI, the write order, the DMA rate, and
 * whether the payload is produced by the send or prepared (dirty or clean) beforehand.
 */
import { EDT_NI_KINDS, EDT_NI_NAMES } from '../../../sim-core/ni/edt/ni-kinds';
import { PAYLOADS, WRITE_ORDERS } from '../../../sim-core/ni/edt/workload-kinds';
import type { EdtTypes } from '../../../sim-core/ni/edt/edt-face';
import { systemOverrides, type ChoiceGroup } from '../../compare/choice-group';
import { lazyPanel } from '../../views/lazy-panel';
import type { ModelUi } from '../model-ui';
import { DMA_RATES, EdtMenus } from './EdtMenus';
import { EDT_STAT_LABELS } from './stat-labels';

const PAYLOAD_WORDS: Readonly<Record<(typeof PAYLOADS)[number], string>> = {
  produce: 'written by the send (Send1)',
  'prepared-dirty': 'prepared earlier, dirty in the cache',
  'prepared-clean': 'prepared earlier, clean in memory',
};

const workloadChoice = (
  key: string,
  label: string,
  current: string,
  values: readonly string[],
  words: (v: string) => string,
): ChoiceGroup => ({
  key,
  label,
  current,
  choices: values.map((v) => ({
    key: v,
    label: words(v),
    overrides: [{ path: `workload.via.${key}`, value: v }],
  })),
});

export const edtUi: ModelUi<EdtTypes> = {
  kind: 'edt',
  label: 'Eager Data Transfer',
  views: {
    edtni: {
      title: 'EDT NI: TAG table and block status',
      area: 'centre',
      Component: lazyPanel(
        () => import('./ni/EdtNiView'),
        (m) => m.EdtNiView,
      ),
      live: true,
    },
    via: {
      title: 'VIA steps',
      area: 'centre',
      Component: lazyPanel(
        () => import('./via/ViaView'),
        (m) => m.ViaView,
      ),
      live: true,
    },
    edtbus: {
      title: 'Bus: EDT against CC-DMA',
      area: 'bottom',
      Component: lazyPanel(
        () => import('./timeline/ThreeNiTimeline'),
        (m) => m.ThreeNiTimeline,
      ),
    },
    breakdown: {
      title: 'Latency breakdown (our simulation)',
      area: 'bottom',
      Component: lazyPanel(
        () => import('./breakdown/BreakdownView'),
        (m) => m.BreakdownView,
      ),
    },
  },
  Menus: ({ spec, scenario }) => <EdtMenus spec={spec} scenario={scenario} />,
  Stats: lazyPanel(
    () => import('./EdtStatsTable'),
    (m) => m.EdtStatsTables,
  ),
  statLabels: EDT_STAT_LABELS,
  compareChoices({ system, workload }) {
    return [
      {
        key: 'ni',
        label: 'NI',
        current: system.ni,
        choices: EDT_NI_NAMES.map((ni) => ({
          key: ni,
          label: EDT_NI_KINDS[ni].label,
          overrides: systemOverrides({ ni }),
        })),
      },
      workloadChoice('order', 'Write order', workload.via.order, WRITE_ORDERS, (v) => v),
      {
        key: 'dma.rate',
        label: 'DMA rate',
        current: String(system.dma.rate),
        choices: DMA_RATES.map((rate) => ({
          key: String(rate),
          label: `${Math.round(rate * 100)}% of 1,600 MB/s`,
          overrides: [{ path: 'system.dma.rate', value: rate }],
        })),
      },
      workloadChoice(
        'payload',
        'Payload',
        workload.via.payload,
        PAYLOADS,
        (v) => PAYLOAD_WORDS[v as keyof typeof PAYLOAD_WORDS],
      ),
    ];
  },
};
