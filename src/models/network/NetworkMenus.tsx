/**
 * Network settings beside the Router menu: k, topology, traffic pattern and offered load, packet
 * length, multi-queue, decision cycles and the dateline. Every change goes through the Router
 * menu's path (overrides on a built-in, carried by the share link; fields of an opened file), so
 * the scenario schema checks it and a bad value comes back as a coded message naming the field,
 * with the scenario before it kept. Fields an assignment locks are disabled.
 */
import { count } from '../../../sim-core/kernel/words';
import { useState, type FormEvent } from 'react';
import type { NetworkScenario } from '../../../sim-core/index';
import { applyOverrides, type Override } from '../../../sim-core/scenario/overrides';
import { TRAFFIC_PATTERNS } from '../../../sim-core/network/traffic';
import { actions } from '../../state/store';
import type { LoadSpec } from '../../worker/sim-api';
import { useLock } from '../../teaching/assignment-store';
import './network-menus.css';

/** The same scenario with some fields replaced by dotted path (a built-in keeps its name). */
export function withFields(spec: LoadSpec, fields: readonly Override[]): LoadSpec {
  if (spec.kind === 'document') {
    const applied = applyOverrides(spec.doc, fields);
    // A path with a forbidden key is refused; loading the untouched spec then reports nothing new.
    return applied.ok ? { ...spec, doc: applied.value } : spec;
  }
  const paths = new Set(fields.map((f) => f.path));
  return { ...spec, overrides: [...spec.overrides.filter((o) => !paths.has(o.path)), ...fields] };
}

/** The packet-length presets of the schema, by their phit counts. */
const PRESETS = [
  ['chaos', 20, 'chaos (20 phits)'],
  ['cranium', 11, 'Cranium (11 phits)'],
] as const;

/** The numeric fields, applied together from the form: path, label, limits (as the schema). */
const NUMBERS = [
  { path: 'system.k', label: 'k', min: 2, max: 32, step: 1 },
  { path: 'workload.traffic.load', label: 'offered load', min: 0, max: 1, step: 0.05 },
  { path: 'system.multiQueue', label: 'multi-queue', min: 1, max: 16, step: 1 },
  { path: 'system.decisionCycles', label: 'decision cycles', min: 2, max: 16, step: 1 },
] as const;
type NumberPath = (typeof NUMBERS)[number]['path'];

function numbersOf(scenario: NetworkScenario): Record<NumberPath, string> {
  const s = scenario.system;
  const w = scenario.workload;
  return {
    'system.k': String(s.k),
    'workload.traffic.load': 'traffic' in w ? String(w.traffic.load) : '',
    'system.multiQueue': String(s.multiQueue),
    'system.decisionCycles': String(s.decisionCycles),
  };
}

/**
 * A typed number as the schema should see it: a number when it is one, else the text itself, so
 * the schema's coded message (SCN004, with the field's path) says what is wrong.
 */
const asValue = (text: string): unknown =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/** Network settings beside the Router menu. */
export function NetworkMenus({ spec, scenario }: { spec: LoadSpec; scenario: NetworkScenario }) {
  const lock = useLock();
  const system = scenario.system;
  const traffic = 'traffic' in scenario.workload ? scenario.workload.traffic : null;
  const [numbers, setNumbers] = useState(() => numbersOf(scenario));
  // The form shows the loaded scenario again whenever another one is loaded.
  const [shown, setShown] = useState(scenario);
  if (shown !== scenario) {
    setShown(scenario);
    setNumbers(numbersOf(scenario));
  }

  const load = (fields: Override[], context: string) =>
    void actions.reload(withFields(spec, fields), context);
  const locked = (path: string) => ({
    disabled: lock(path) !== null,
    title: lock(path) ?? undefined,
  });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const before = numbersOf(scenario);
    const changed = NUMBERS.filter(
      (n) => numbers[n.path] !== before[n.path] && lock(n.path) === null,
    ).map((n) => ({ path: n.path, value: asValue(numbers[n.path]) }));
    if (changed.length > 0) load(changed, 'Changing the network settings');
  };

  const preset = PRESETS.find(([, phits]) => phits === system.packetPhits)?.[0];

  return (
    <details className="net-settings" data-testid="network-settings">
      <summary>Network…</summary>
      <form className="net-settings-form" onSubmit={apply} noValidate>
        <label>
          topology
          <select
            value={system.topology}
            {...locked('system.topology')}
            data-testid="net-topology"
            onChange={(e) =>
              load([{ path: 'system.topology', value: e.target.value }], 'Switching topology')
            }
          >
            <option value="torus">torus</option>
            <option value="mesh">mesh</option>
          </select>
        </label>
        {traffic ? (
          <label>
            traffic
            <select
              value={traffic.pattern}
              {...locked('workload.traffic.pattern')}
              data-testid="net-pattern"
              onChange={(e) =>
                load(
                  [{ path: 'workload.traffic.pattern', value: e.target.value }],
                  'Switching the traffic pattern',
                )
              }
            >
              {TRAFFIC_PATTERNS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          packets
          <select
            value={preset ?? ''}
            {...locked('system.packetPhits')}
            data-testid="net-packet-phits"
            onChange={(e) =>
              load(
                [{ path: 'system.packetPhits', value: e.target.value }],
                'Switching the packet length',
              )
            }
          >
            {preset ? null : <option value="">{count(system.packetPhits, 'phit')}</option>}
            {PRESETS.map(([name, , label]) => (
              <option key={name} value={name}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={system.dateline}
            {...locked('system.dateline')}
            data-testid="net-dateline"
            onChange={(e) =>
              load([{ path: 'system.dateline', value: e.target.checked }], 'Switching the dateline')
            }
          />{' '}
          dateline
        </label>
        {NUMBERS.filter((n) => traffic || n.path !== 'workload.traffic.load').map((n) => (
          <label key={n.path}>
            {n.label}
            <input
              type="number"
              min={n.min}
              max={n.max}
              step={n.step}
              value={numbers[n.path]}
              {...locked(n.path)}
              data-testid={`net-${n.path.split('.').at(-1)}`}
              onChange={(e) => setNumbers((v) => ({ ...v, [n.path]: e.target.value }))}
            />
          </label>
        ))}
        <button type="submit" data-testid="net-apply">
          Apply
        </button>
      </form>
    </details>
  );
}
