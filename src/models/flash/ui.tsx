/**
 * The FLASH model's page: the MAGIC panel, the handler timeline, the transfer pipeline and the
 * records; the handler, lanes and address-validity menus; its statistics; and what compare mode
 * can switch (sender and receiver cache state, k, alignment, lanes, network, handler, validity,
 * global coherence).
 */
import type { FlashTypes } from '../../../sim-core/ni/flash/flash-face';
import { fieldChoices, type ChoiceGroup } from '../../compare/choice-group';
import type { ModelUi } from '../model-ui';
import { FlashMenus, HANDLER_OPTIONS, handlerKey } from './FlashMenus';
import { FLASH_STAT_LABELS } from './stat-labels';
import { lazyPanel } from '../../views/lazy-panel';

/** A choice that sets every transfer's field (a bidirectional run has two). */
function transferChoices(
  key: string,
  label: string,
  count: number,
  current: string,
  options: readonly (readonly [key: string, text: string, fields: Record<string, unknown>])[],
): ChoiceGroup {
  return {
    key,
    label,
    current,
    choices: options.map(([k, text, fields]) => ({
      key: k,
      label: text,
      overrides: Array.from({ length: count }, (_, i) =>
        Object.entries(fields).map(([f, value]) => ({
          path: `workload.transfers.${i}.${f}`,
          value,
        })),
      ).flat(),
    })),
  };
}

export const flashUi: ModelUi<FlashTypes> = {
  kind: 'flash',
  label: 'FLASH',
  views: {
    magic: {
      title: 'MAGIC',
      area: 'centre',
      Component: lazyPanel(
        () => import('./MagicView'),
        (m) => m.MagicView,
      ),
      live: true,
    },
    handler: {
      title: 'Handler timeline',
      area: 'bottom',
      Component: lazyPanel(
        () => import('./HandlerView'),
        (m) => m.HandlerView,
      ),
    },
    transfer: {
      title: 'Block transfer',
      area: 'centre',
      Component: lazyPanel(
        () => import('./TransferView'),
        (m) => m.TransferView,
      ),
      live: true,
    },
    records: {
      title: 'Records and directory',
      area: 'right',
      Component: lazyPanel(
        () => import('./RecordsView'),
        (m) => m.RecordsView,
      ),
    },
  },
  Menus: ({ spec, scenario }) => <FlashMenus spec={spec} system={scenario.system} />,
  Stats: lazyPanel(
    () => import('./FlashStatsTable'),
    (m) => m.FlashStatsTable,
  ),
  statLabels: FLASH_STAT_LABELS,
  compareChoices: ({ system, workload }) => {
    const n = workload.transfers.length;
    const first = workload.transfers[0]!;
    return [
      {
        key: 'handler',
        label: 'Handler',
        current: handlerKey(system),
        choices: HANDLER_OPTIONS.map(([k, text, fields]) => ({
          key: k,
          label: text,
          overrides: Object.entries(fields).map(([f, value]) => ({ path: `system.${f}`, value })),
        })),
      },
      transferChoices('sender', 'Sender’s buffer', n, first.sender, [
        ['uncached', 'uncached', { sender: 'uncached' }],
        ['clean', 'clean in its cache', { sender: 'clean' }],
        ['dirty', 'dirty in its cache', { sender: 'dirty' }],
      ]),
      transferChoices('receiver', 'Receiver’s buffer', n, first.receiver, [
        ['uncached', 'uncached', { receiver: 'uncached' }],
        ['clean', 'clean in its cache', { receiver: 'clean' }],
        ['dirty', 'dirty in its cache', { receiver: 'dirty' }],
      ]),
      transferChoices('aligned', 'Alignment', n, first.aligned ? 'aligned' : 'unaligned', [
        ['aligned', 'line-aligned', { aligned: true, srcOffset: 0 }],
        ['unaligned', 'source at +24 B', { aligned: false, srcOffset: 24 }],
      ]),
      {
        key: 'lanes',
        label: 'Network lanes',
        current: String(system.network.lanes),
        choices: [
          {
            key: '2',
            label: 'request + reply',
            overrides: [{ path: 'system.network.lanes', value: 2 }],
          },
          { key: '1', label: 'one lane', overrides: [{ path: 'system.network.lanes', value: 1 }] },
        ],
      },
      {
        key: 'network',
        label: 'Network',
        current: system.network.kind,
        choices: [
          {
            key: 'pipe',
            label: 'pipe: 22 cycles, 400 MB/s',
            overrides: [{ path: 'system.network.kind', value: 'pipe' }],
          },
          {
            key: 'torus',
            label: '2×2 torus, 40-phit packets',
            overrides: [{ path: 'system.network.kind', value: 'torus' }],
          },
        ],
      },
      fieldChoices('addressValidity', 'Address validity', system.addressValidity, [
        ['invalidation', 'invalidation'],
        ['hold-off', 'hold-off'],
      ]),
      fieldChoices('coherence', 'Global coherence', system.coherence, [
        ['pipelined', 'pipelined (FLASH)'],
        ['collect', 'collect, then send (Alewife)'],
      ]),
    ];
  },
};
