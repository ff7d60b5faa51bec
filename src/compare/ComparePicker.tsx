/**
 * Choose configuration B: one of the header's switches (protocol, router, NI, bus, Cranium
 * scheduler…) and its value, or any `path=value` override (several joined by `&`).
 */
import { useId, useState } from 'react';
import { parseOverride, type Override } from '../../sim-core/index';
import { useApp } from '../state/store';
import { choiceGroups, firstOther, type ChoiceGroup } from './choices';
import { compare, useCompare } from './compare-store';
import { formatOverride } from './vs';

const CUSTOM = 'custom';

const same = (x: readonly Override[], y: readonly Override[]) =>
  JSON.stringify(x) === JSON.stringify(y);

/** The group and choice that make up `vs`, if it is one of the menus' choices. */
function matching(groups: ChoiceGroup[], vs: readonly Override[] | null) {
  if (!vs) return null;
  for (const group of groups)
    for (const choice of group.choices)
      if (same(choice.overrides, vs)) return { group: group.key, choice: choice.key };
  return null;
}

export function ComparePicker({
  onDone,
  submitLabel,
}: {
  onDone?: () => void;
  submitLabel: string;
}) {
  const scenario = useApp((s) => s.scenario);
  const vs = useCompare((s) => s.vs);
  const groups = choiceGroups(scenario);
  const found = matching(groups, vs);
  const initialGroup = found?.group ?? (vs ? CUSTOM : (groups[0]?.key ?? CUSTOM));
  const [groupKey, setGroupKey] = useState(initialGroup);
  const group = groups.find((g) => g.key === groupKey);
  const [choiceKey, setChoiceKey] = useState<string | null>(found?.choice ?? null);
  const [custom, setCustom] = useState(vs && !found ? vs.map(formatOverride).join(' & ') : '');
  const [error, setError] = useState('');
  const id = useId();

  const chosen = group
    ? (group.choices.find((c) => c.key === choiceKey) ?? firstOther(group))
    : undefined;

  const submit = () => {
    let overrides: Override[];
    if (group) {
      if (!chosen) return;
      overrides = chosen.overrides;
    } else {
      overrides = [];
      const parts = custom
        .split('&')
        .map((t) => t.trim())
        .filter((t) => t !== '');
      if (parts.length === 0) {
        setError('Type a path=value override, e.g. system.protocol=MESI.');
        return;
      }
      for (const text of parts) {
        const parsed = parseOverride(text);
        if (!parsed.ok) {
          setError(parsed.error.message);
          return;
        }
        overrides.push(parsed.value);
      }
    }
    setError('');
    compare.open(overrides);
    onDone?.();
  };

  return (
    <form
      className="cmp-picker"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label="Configuration B"
    >
      <label htmlFor={`${id}-field`}>B changes</label>
      <select
        id={`${id}-field`}
        value={groupKey}
        data-testid="compare-field"
        onChange={(e) => {
          setGroupKey(e.target.value);
          setChoiceKey(null);
          setError('');
        }}
      >
        {groups.map((g) => (
          <option key={g.key} value={g.key}>
            {g.label}
          </option>
        ))}
        <option value={CUSTOM}>any field (path=value)</option>
      </select>
      {group ? (
        <>
          <label htmlFor={`${id}-value`}>to</label>
          <select
            id={`${id}-value`}
            value={chosen?.key ?? ''}
            data-testid="compare-value"
            onChange={(e) => setChoiceKey(e.target.value)}
          >
            {group.choices.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
                {c.key === group.current ? ' (as A)' : ''}
              </option>
            ))}
          </select>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-custom`}>override</label>
          <input
            id={`${id}-custom`}
            className="cmp-custom"
            value={custom}
            placeholder="system.protocol=MESI"
            spellCheck={false}
            data-testid="compare-custom"
            aria-describedby={error ? `${id}-error` : undefined}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setCustom(e.target.value)}
          />
        </>
      )}
      <button type="submit" data-testid="compare-open">
        {submitLabel}
      </button>
      {error ? (
        <span id={`${id}-error`} className="cmp-error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
