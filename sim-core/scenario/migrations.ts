/**
 * Numbered migrations of the scenario format. Each entry turns a document of version `from`
 * into version `from + 1`; `migrate` applies them in order up to SCENARIO_VERSION. Version 1 is
 * the first format, so the list is empty; a v2 adds `{ from: 1, … }` here and never edits v1.
 */
import { SCENARIO_VERSION } from './schema';

export interface Migration {
  from: number;
  title: string;
  description: string;
  up: (doc: Record<string, unknown>) => Record<string, unknown>;
}

export const migrations: readonly Migration[] = [];

export type MigrationOutcome =
  | { kind: 'migrated'; doc: Record<string, unknown>; applied: string[] }
  | { kind: 'unsupported'; version: unknown };

/** Brings `doc` up to `target` through `list`; a version with no path there is unsupported. */
export function migrate(
  doc: Record<string, unknown>,
  list: readonly Migration[] = migrations,
  target: number = SCENARIO_VERSION,
): MigrationOutcome {
  let current = doc;
  const applied: string[] = [];
  for (;;) {
    const version = current.version;
    if (version === target) return { kind: 'migrated', doc: current, applied };
    const step = typeof version === 'number' ? list.find((m) => m.from === version) : undefined;
    if (!step) return { kind: 'unsupported', version };
    current = { ...step.up(current), version: step.from + 1 };
    applied.push(step.title);
  }
}
