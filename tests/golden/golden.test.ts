/**
 * Golden event logs: every built-in scenario runs to its halt (or to a deadlock it is about) with
 * no invariant violation, its
 * walkthrough notes sit on cycles that have events, and its whole event log, one
 * JSON.stringify(event) per line, must equal tests/golden/<id>.events.jsonl.
 *
 * Goldens are written only with UPDATE_GOLDEN=1 (a missing one fails, so a scenario cannot land
 * without its golden). On a mismatch the new log goes to <id>.events-changed.jsonl (git-ignored)
 * for diffing, and the test fails with the first line that differs.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import { formatIssue, parseScenario, Session, type SimEvent } from '../../sim-core/index';

const GOLDEN_DIR = dirname(fileURLToPath(import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const goldenPath = (id: string) => join(GOLDEN_DIR, `${id}.events.jsonl`);
const changedPath = (id: string) => join(GOLDEN_DIR, `${id}.events-changed.jsonl`);

function runToHalt(doc: unknown): Session {
  const parsed = parseScenario(doc);
  if (!parsed.ok) throw new Error(parsed.error.map(formatIssue).join('\n'));
  const session = new Session(parsed.value);
  session.seek(parsed.value.limits.maxCycles);
  return session;
}

const toJsonLines = (events: readonly SimEvent[]) =>
  events.map((e) => `${JSON.stringify(e)}\n`).join('');

function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const got = actual.split('\n');
  const line = want.findIndex((text, i) => text !== got[i]);
  const n = line === -1 ? want.length : line;
  return `line ${n + 1}:\n  golden: ${want[n] ?? '(end of file)'}\n  now:    ${got[n] ?? '(end of file)'}`;
}

describe('golden event logs', () => {
  it.each(builtinScenarios.map((s) => [s.id, s.doc] as const))('%s', (id, doc) => {
    const session = runToHalt(doc);
    const events = session.eventsUpToNow();
    // Every scenario halts, except one whose point is a deadlock the watchdog finds and names.
    const deadlock = events.some((e) => e.kind === 'net.stall' && e.deadlock.length > 0);
    expect(
      session.timeline.endCycle !== null || deadlock,
      `${id} neither halted nor deadlocked`,
    ).toBe(true);
    expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
    // A note is shown at its cycle, so it must sit on a cycle of the run that has events.
    const eventCycles = new Set(events.map((e) => e.cycle));
    const noteCycles = session.scenario.walkthrough.map((n) => n.cycle);
    expect(noteCycles, 'walkthrough notes in cycle order').toEqual(
      [...noteCycles].sort((a, b) => a - b),
    );
    expect(noteCycles.filter((c) => !eventCycles.has(c))).toEqual([]);

    const text = toJsonLines(events);
    if (UPDATE) {
      writeFileSync(goldenPath(id), text);
      rmSync(changedPath(id), { force: true });
      return;
    }
    if (!existsSync(goldenPath(id))) {
      writeFileSync(changedPath(id), text);
      expect.fail(
        `${id} has no golden log; review tests/golden/${id}.events-changed.jsonl and run UPDATE_GOLDEN=1 npx vitest run tests/golden`,
      );
    }
    const golden = readFileSync(goldenPath(id), 'utf8');
    if (golden === text) {
      rmSync(changedPath(id), { force: true });
      return;
    }
    writeFileSync(changedPath(id), text);
    expect.fail(
      `${id}: the event log differs from tests/golden/${id}.events.jsonl at ${firstDifference(golden, text)}\n` +
        `The new log is in tests/golden/${id}.events-changed.jsonl. If the change is intended, run ` +
        'UPDATE_GOLDEN=1 npx vitest run tests/golden',
    );
  });

  it('has no golden without a built-in scenario', () => {
    const ids = new Set(builtinScenarios.map((s) => s.id));
    const orphans = readdirSync(GOLDEN_DIR)
      .filter((f) => f.endsWith('.events.jsonl'))
      .filter((f) => !ids.has(f.slice(0, -'.events.jsonl'.length)));
    expect(orphans).toEqual([]);
  });
});
