/**
 * The lecture switches of a coherent-NI scenario, behind a "Settings" disclosure next to the NI and
 * Bus menus: the queue optimisations (E4), clear-on-read and CDR polling (E1, E2), virtual polling
 * and its back-off (E3), the software overhead (E6), and CNI16Qm's write-back buffer and snarfing
 * (E9). Each switch lists the NIs it applies to; only those of the current NI are shown.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { NI_KINDS, type NiKind, type NiKindName } from '../../../sim-core/ni/cni/config';
import type { Scenario } from '../../../sim-core/index';
import { actions } from '../../state/store';
import type { LoadSpec } from '../../worker/sim-api';
import { withSystem } from '../../shell/with-system';
import { useLock } from '../../teaching/assignment-store';
import './cni-settings.css';

type CniSystem = Extract<Scenario['system'], { kind: 'cni' }>;

/** What a switch needs to know to decide whether it applies. */
interface Machine {
  ni: NiKind;
  /** Two processors and a queue in main memory, no NI (Fig. 2). */
  localQueue: boolean;
}

const queues = (m: Machine) => m.localQueue || m.ni.mechanism === 'queue';
const cdrs = (m: Machine) => !m.localQueue && m.ni.mechanism === 'cdr';
const cachesQueue = (m: Machine) => !m.localQueue && m.ni.mechanism !== 'uncached-registers';
const messaging = (m: Machine) => !m.localQueue;
const overflows = (m: Machine) => !m.localQueue && m.ni.autoOverflow;

type Optimisation = keyof CniSystem['optimisations'];

interface Toggle {
  kind: 'toggle';
  /** The field under `system`, dotted for the optimisations. */
  path: string;
  label: string;
  hint: string;
  applies: (m: Machine) => boolean;
  get: (s: CniSystem) => boolean;
  /** The system fields to replace when it is set to `on`. */
  set: (s: CniSystem, on: boolean) => Record<string, unknown>;
}

interface NumberField {
  kind: 'number';
  path: 'softwareOverhead' | 'backoff';
  label: string;
  unit: string;
  hint: string;
  applies: (m: Machine) => boolean;
}

interface Choice {
  kind: 'choice';
  path: 'virtualPolling';
  label: string;
  hint: string;
  applies: (m: Machine) => boolean;
  options: readonly (readonly [string, string])[];
}

export type Switch = Toggle | NumberField | Choice;

/** The whole optimisations object is replaced, so a document and a built-in take the same path. */
const optimisation = (key: Optimisation, label: string, hint: string): Toggle => ({
  kind: 'toggle',
  path: `optimisations.${key}`,
  label,
  hint,
  applies: queues,
  get: (s) => s.optimisations[key],
  set: (s, on) => ({ optimisations: { ...s.optimisations, [key]: on } }),
});

const flag = (
  key: 'clearOnRead' | 'pollCdr' | 'writeBackBuffer' | 'snarfing',
  label: string,
  hint: string,
  applies: (m: Machine) => boolean,
): Toggle => ({
  kind: 'toggle',
  path: key,
  label,
  hint,
  applies,
  get: (s) => s[key],
  set: (_, on) => ({ [key]: on }),
});

export const SWITCHES: readonly Switch[] = [
  optimisation(
    'lazyPointers',
    'lazy head pointer',
    'E4: the sender checks a shadow copy of head and reads head only when the queue looks full',
  ),
  optimisation(
    'validBits',
    'message valid bits',
    'E4: the receiver polls the slot’s valid word instead of reading tail',
  ),
  optimisation(
    'senseReverse',
    'sense reverse',
    'E4, E5: the valid word’s meaning flips each pass, so the receiver never clears it',
  ),
  flag(
    'clearOnRead',
    'clear on read',
    'E2 counterfactual: the NI treats the first read of the receive CDR as a pop',
    cdrs,
  ),
  flag(
    'pollCdr',
    'poll the receive CDR',
    'E1: poll the cachable receive CDR instead of the uncached status register',
    cdrs,
  ),
  {
    kind: 'choice',
    path: 'virtualPolling',
    label: 'virtual polling',
    hint: 'E3: which send block the NI pulls early when the processor asks to write',
    applies: cachesQueue,
    options: [
      ['off', 'off'],
      ['previous-block', 'previous block'],
      ['same-block', 'same block'],
    ],
  },
  {
    kind: 'number',
    path: 'backoff',
    label: 'back-off',
    unit: 'cycles',
    hint: 'E3: how long the NI waits after a write request before it pulls the block',
    applies: cachesQueue,
  },
  {
    kind: 'number',
    path: 'softwareOverhead',
    label: 'software overhead',
    unit: 'cycles per message',
    hint: 'E6: messaging-layer cycles per network message, half at each end',
    applies: messaging,
  },
  flag(
    'writeBackBuffer',
    'write-back buffer',
    'E9: CNI16Qm’s write-backs leave through a buffer, off the critical path',
    overflows,
  ),
  flag(
    'snarfing',
    'snarfing',
    'E9: a processor cache that kept the tag grabs written-back data as it passes',
    overflows,
  ),
];

/** The switches that apply to an NI kind, or to a local queue (no NI), in display order. */
export function switchesFor(ni: NiKindName, localQueue: boolean): Switch[] {
  const machine: Machine = { ni: NI_KINDS[ni], localQueue };
  return SWITCHES.filter((s) => s.applies(machine));
}

const testId = (path: string) => `cni-setting-${path.replace('.', '-')}`;

/** A number field keeps what is typed until Enter or leaving it (keyed by the value, so a load resets it). */
function NumberInput({
  value,
  onCommit,
  ...rest
}: {
  value: number;
  onCommit: (value: number | string) => void;
  disabled: boolean;
  title: string | undefined;
  id: string;
  'aria-describedby': string;
  'data-testid': string;
}) {
  const [draft, setDraft] = useState(String(value));
  const commit = () => {
    if (draft.trim() === String(value)) return;
    // A number goes as a number; anything else goes as typed, and the load names the field (SCN003).
    const n = Number(draft);
    onCommit(draft.trim() !== '' && Number.isFinite(n) ? n : draft);
  };
  return (
    <input
      {...rest}
      type="number"
      min={0}
      step={1}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

export function CniSettings({
  spec,
  system,
  localQueue,
}: {
  spec: LoadSpec;
  system: CniSystem;
  localQueue: boolean;
}) {
  const lock = useLock();
  const uid = useId();
  // The panel opens to the left of the summary when it would run off the window's right edge.
  const [alignRight, setAlignRight] = useState(false);
  const [open, setOpen] = useState(false);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  // Light dismiss, as a popover: the open panel lies over the time controls under a two-row
  // header, so a press anywhere outside it closes it.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (e: PointerEvent) => {
      const details = detailsRef.current;
      if (details && !details.contains(e.target as Node)) details.open = false;
    };
    document.addEventListener('pointerdown', closeOutside, true);
    return () => document.removeEventListener('pointerdown', closeOutside, true);
  }, [open]);
  const ownPolling = NI_KINDS[system.ni].virtualPolling;
  const shown = switchesFor(system.ni, localQueue);
  if (shown.length === 0) return null;
  const load = (fields: Record<string, unknown>, label: string) =>
    void actions.reload(withSystem(spec, fields), `Switching ${label}`);
  const placePanel = (e: SyntheticEvent<HTMLDetailsElement>) => {
    const details = e.currentTarget;
    setOpen(details.open);
    if (!details.open) return;
    const panel = details.querySelector('fieldset');
    const left = details.getBoundingClientRect().left;
    setAlignRight(left + (panel?.offsetWidth ?? 0) > document.documentElement.clientWidth);
  };
  const closeOnEscape = (e: KeyboardEvent<HTMLDetailsElement>) => {
    if (e.key !== 'Escape' || !e.currentTarget.open) return;
    e.currentTarget.open = false;
    e.currentTarget.querySelector('summary')?.focus();
  };

  const control = (s: Switch, id: string, hint: string) => {
    const reason = lock(`system.${s.path}`);
    const common = {
      id,
      disabled: reason !== null,
      title: reason ?? undefined,
      'aria-describedby': hint,
      'data-testid': testId(s.path),
    };
    switch (s.kind) {
      case 'toggle':
        return (
          <input
            {...common}
            type="checkbox"
            checked={s.get(system)}
            onChange={(e) => load(s.set(system, e.target.checked), s.label)}
          />
        );
      case 'choice':
        return (
          <select
            {...common}
            value={system.virtualPolling ?? ownPolling}
            onChange={(e) => load({ [s.path]: e.target.value }, s.label)}
          >
            {s.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
                {value === ownPolling ? ` (${system.ni}’s own)` : ''}
              </option>
            ))}
          </select>
        );
      case 'number':
        return (
          <NumberInput
            {...common}
            key={system[s.path]}
            value={system[s.path]}
            onCommit={(v) => load({ [s.path]: v }, s.label)}
          />
        );
    }
  };

  return (
    <details
      ref={detailsRef}
      className={alignRight ? 'cni-settings cni-settings-right' : 'cni-settings'}
      data-testid="cni-settings"
      onKeyDown={closeOnEscape}
      onToggle={placePanel}
    >
      <summary data-testid="cni-settings-toggle">Settings</summary>
      <fieldset className="cni-settings-panel">
        <legend>{localQueue ? 'Local queue' : system.ni} switches</legend>
        {shown.map((s) => {
          const id = `${uid}-${s.path}`;
          const hint = `${id}-hint`;
          return (
            <div key={s.path} className={`cni-setting cni-setting-${s.kind}`}>
              {control(s, id, hint)}
              <label htmlFor={id}>
                {s.label}
                {s.kind === 'number' ? ` (${s.unit})` : ''}
              </label>
              <small id={hint}>
                {s.hint}
                {lock(`system.${s.path}`) ? ` ${lock(`system.${s.path}`)}` : ''}
              </small>
            </div>
          );
        })}
      </fieldset>
    </details>
  );
}
