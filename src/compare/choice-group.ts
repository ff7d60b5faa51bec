/** A switch compare mode offers for configuration B: its choices, each as the overrides it stands for. */
import type { Override } from '../../sim-core/index';

export interface Choice {
  /** Stable key within its group (the select's value). */
  key: string;
  label: string;
  overrides: Override[];
}

export interface ChoiceGroup {
  key: string;
  label: string;
  choices: Choice[];
  /** The choice A has now, if one of them. */
  current: string | null;
}

/** `system.<field>` overrides for some fields. */
export const systemOverrides = (fields: Record<string, unknown>): Override[] =>
  Object.entries(fields).map(([k, value]) => ({ path: `system.${k}`, value }));

/** A group of on/off or named choices of one `system` field. */
export function fieldChoices(
  field: string,
  label: string,
  current: string,
  options: readonly (readonly [value: string | boolean, text: string])[],
): ChoiceGroup {
  return {
    key: field,
    label,
    current,
    choices: options.map(([value, text]) => ({
      key: String(value),
      label: text,
      overrides: systemOverrides({ [field]: value }),
    })),
  };
}
