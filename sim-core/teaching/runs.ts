/**
 * Simulation runs for grading, and the statistics questions read from them.
 *
 * `SimCache` keeps one explored Session per distinct scenario (keyed by a hash of its canonical
 * JSON), so a class whose students share configurations simulates each of them once. A statistic
 * is a dotted path into the model's `Stats` (`roundTrip`, `messages.0.latency`, `latency.mean`,
 * `bus.transactions.RD`) or a derived value (`derived.*`, see DERIVED_STATS).
 */
import { hash53 } from '../kernel/hash';
import type { Scenario } from '../scenario/schema';
import { Session } from '../session';
import type { DerivedStat } from '../model';
import { ALL_MODELS, moduleOf, type ModelKind } from '../models';
import type { Stats } from '../sim';
import type { SimEvent } from '../trace/events';
import { canonicalJson } from './hashing';

export interface Run {
  /** A hash of the scenario's canonical JSON: equal scenarios, equal keys. */
  key: string;
  session: Session;
  /** Statistics at the end of the run (the halt, or the scenario's cycle limit). */
  stats: Stats;
  endCycle: number;
  halted: boolean;
}

export class SimCache {
  private readonly runs = new Map<string, Run>();
  /** Simulations actually run (the rest were found in the cache). */
  simulated = 0;

  constructor(private readonly maxEntries = 512) {}

  run(scenario: Scenario): Run {
    const key = hash53(canonicalJson(scenario));
    const hit = this.runs.get(key);
    if (hit) {
      // Most recently used last.
      this.runs.delete(key);
      this.runs.set(key, hit);
      return hit;
    }
    const session = new Session(scenario, { keyframeEvery: 1024 });
    session.seek(session.timeline.lastCycle);
    const run: Run = {
      key,
      session,
      stats: session.stats(),
      endCycle: session.cycle,
      halted: session.timeline.endCycle !== null,
    };
    this.simulated++;
    this.runs.set(key, run);
    while (this.runs.size > this.maxEntries) this.runs.delete(this.runs.keys().next().value!);
    return run;
  }

  get size(): number {
    return this.runs.size;
  }

  private readonly memos = new Map<string, unknown>();

  /**
   * A value computed once per key (a prediction asked in one run at one cycle, the best designs
   * of one task for one personalisation): derived from the cached runs, so it may be cached too.
   */
  memo<T>(key: string, make: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = make();
    this.memos.set(key, value);
    if (this.memos.size > this.maxEntries * 8) this.memos.delete(this.memos.keys().next().value!);
    return value;
  }
}

/** Derived statistics every model has. */
const COMMON_DERIVED: Readonly<Record<string, DerivedStat<{ cycles: number }, unknown>>> = {
  cycles: { desc: 'The cycle the run ended at', of: ({ stats }) => stats.cycles },
};

/**
 * Statistics computed from a model's statistics and its event log, by name (`derived.<name>`):
 * the common ones and each model's own (its module's `derivedStats`). Here with the description
 * of the first model that has each, for menus and hints.
 * `events.<kind>` (e.g. `events.cr.interrupt`) counts the events of a kind.
 */
export const DERIVED_STATS: Readonly<Record<string, { desc: string }>> = (() => {
  const described: Record<string, { desc: string }> = {};
  for (const table of [COMMON_DERIVED, ...ALL_MODELS.map((m) => m.derivedStats)])
    for (const [name, { desc }] of Object.entries(table)) described[name] ??= { desc };
  return described;
})();

/**
 * The number at a statistic's path in a run of `model`, or null when there is none (or it is not
 * a number, or the model has no such derived statistic). `events` is the run's event log, for
 * `derived.*` statistics that count events and for `events.<kind>`.
 */
export function statValue(
  model: ModelKind,
  stats: Stats,
  path: string,
  events: readonly SimEvent[] = [],
): number | null {
  const keys = path.split('.');
  if (keys[0] === 'events' && keys.length > 1) {
    const kind = keys.slice(1).join('.');
    return events.filter((e) => e.kind === kind).length;
  }
  if (keys[0] === 'derived') {
    const name = keys.length === 2 ? keys[1]! : '';
    const own = moduleOf(model).derivedStats;
    const d = Object.hasOwn(own, name)
      ? own[name]
      : Object.hasOwn(COMMON_DERIVED, name)
        ? COMMON_DERIVED[name]
        : undefined;
    const v = d ? d.of({ stats, events }) : null;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  let node: unknown = stats;
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return null;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'number' && Number.isFinite(node) ? node : null;
}

/** A statistic of a run (its statistics and its whole event log). */
export const runStat = (run: Run, path: string): number | null =>
  statValue(run.session.meta.model, run.stats, path, run.session.timeline.log.slice());
