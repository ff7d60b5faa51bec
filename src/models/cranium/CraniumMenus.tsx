/**
 * The switches the Cranium lectures ask for, on the same programs: the NI's scheduler (F11),
 * its memory system (F8), how DMA treats cached lines (F12), warm channels (F7), and the NI
 * design (Table 6.4's variants, from their registry, at their best or worst case).
 */
import type { Scenario } from '../../../sim-core/index';
import { actions } from '../../state/store';
import type { LoadSpec } from '../../worker/sim-api';
import { withSystem } from '../../shell/with-system';
import { useLock } from '../../teaching/assignment-store';
import { CRANIUM_VARIANTS, CRANIUM_VARIANT_NAMES } from '../../../sim-core/ni/cranium/variants';

type CraniumSystem = Extract<Scenario['system'], { kind: 'cranium' }>;

export const MENUS = [
  {
    field: 'variant',
    label: 'NI design',
    options: CRANIUM_VARIANT_NAMES.map((v) => [v, CRANIUM_VARIANTS[v].label] as const),
  },
  {
    field: 'variantCase',
    label: 'Case',
    options: [
      ['best', 'best'],
      ['worst', 'worst'],
    ],
  },
  {
    field: 'scheduler',
    label: 'Scheduler',
    options: [
      ['fcfs', 'FCFS'],
      ['rr', 'round robin'],
      ['prr', 'priority RR'],
      ['alpha', 'alpha'],
    ],
  },
  {
    field: 'memory',
    label: 'Memory',
    options: [
      ['adu', 'ADU bus (5/line)'],
      ['meerkat', 'Meerkat (18/line)'],
      ['optimistic', 'zero-latency (8/line)'],
    ],
  },
  {
    field: 'dmaCoherence',
    label: 'DMA writes',
    options: [
      ['invalidate', 'invalidate'],
      ['update', 'update'],
      ['simulator', 'invalidate pages, update queue'],
    ],
  },
] as const;

export function CraniumMenus({ spec, system }: { spec: LoadSpec; system: CraniumSystem }) {
  const load = (fields: Record<string, unknown>, context: string) =>
    void actions.reload(withSystem(spec, fields), context);
  const lock = useLock();
  return (
    <>
      {MENUS.map((m) => (
        <label key={m.field}>
          {m.label}
          <select
            value={system[m.field]}
            disabled={lock(`system.${m.field}`) !== null}
            title={lock(`system.${m.field}`) ?? undefined}
            data-testid={`cranium-${m.field}-select`}
            onChange={(e) =>
              load({ [m.field]: e.target.value }, `Switching ${m.label.toLowerCase()}`)
            }
          >
            {m.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label>
        <input
          type="checkbox"
          checked={system.warmChannels}
          disabled={lock('system.warmChannels') !== null}
          title={lock('system.warmChannels') ?? undefined}
          data-testid="cranium-warm"
          onChange={(e) => load({ warmChannels: e.target.checked }, 'Switching warm channels')}
        />
        warm channels
      </label>
    </>
  );
}
