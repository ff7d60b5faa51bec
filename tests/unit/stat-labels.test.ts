/**
 * Every statistic of every built-in scenario has words: compare mode lists them by name, and a
 * raw key (`inFlight`, `latency.p50`) is no label for a class.
 */
import { expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import { parseScenario, Session } from '../../sim-core/index';
import { flatten } from '../../src/export/csv';
import { uiOf } from '../../src/models/index';
import { statLabel } from '../../src/views/stats/stat-labels';

it.each(builtinScenarios.map((b) => [b.id, b.doc] as const))(
  '%s: every statistic in words',
  (id, doc) => {
    const parsed = parseScenario(doc);
    if (!parsed.ok) throw new Error(id);
    const s = new Session(parsed.value);
    s.exploreAll();
    const labels = uiOf(s.meta.model).statLabels;
    // Halfway and at the end (lists grow as a run goes on).
    for (const cycle of [Math.floor(s.timeline.lastCycle / 2), s.timeline.lastCycle]) {
      for (const [path] of flatten(s.seek(cycle).frame.stats)) {
        const label = statLabel(labels, path);
        expect(label, `${id}: ${path} has no label`).not.toBeUndefined();
        if (label) expect(label, path).not.toMatch(/[a-z][A-Z]|\w\.\w|\{n\}/);
      }
    }
  },
);

it('fills in list positions in order', () => {
  expect(statLabel({ 'a.*.b.*': 'x {n} y {n}' }, 'a.3.b.7')).toBe('x 3 y 7');
  expect(statLabel({ 'a.*.id': null }, 'a.0.id')).toBeNull();
  expect(statLabel({}, 'unknown')).toBeUndefined();
});
