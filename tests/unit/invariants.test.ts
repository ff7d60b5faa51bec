/**
 * Invariants the user can see: every model names what it checks (the socket's `invariants`), each
 * rule once, with words; the status at a cycle finds the violations up to it and the next one.
 */
import { describe, expect, it } from 'vitest';
import { ALL_MODELS } from '../../sim-core/index';
import { invariantStateAt, type Violation } from '../../src/shell/invariant-state';

describe('the model socket', () => {
  it.each(ALL_MODELS.map((m) => [m.kind, m] as const))('%s lists its invariants', (_, m) => {
    expect(m.invariants.length).toBeGreaterThan(0);
    expect(new Set(m.invariants.map((i) => i.rule)).size).toBe(m.invariants.length);
    for (const i of m.invariants) {
      expect(i.name).toMatch(/^[a-z][\w -]+$/);
      expect(i.description).toMatch(/^[A-Z].*\.$/);
    }
  });
});

describe('invariantStateAt', () => {
  const v = (cycle: number, rule: Violation['rule']): Violation => ({
    kind: 'invariant.violation',
    rule,
    block: -1,
    detail: `at ${cycle}`,
    cycle,
    seq: cycle,
  });
  const run = [v(10, 'capacity'), v(12, 'delivery'), v(12, 'capacity'), v(40, 'conservation')];

  it('holds before the first violation, and points at it', () => {
    expect(invariantStateAt(run, 9)).toEqual({
      broken: [],
      first: null,
      count: 0,
      next: run[0],
    });
  });

  it('names the rules broken so far, the first violation and the next', () => {
    expect(invariantStateAt(run, 12)).toEqual({
      broken: ['capacity', 'delivery'],
      first: run[0],
      count: 3,
      next: run[3],
    });
    expect(invariantStateAt(run, 50).next).toBeNull();
  });
});
