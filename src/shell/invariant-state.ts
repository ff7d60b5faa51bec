/**
 * Where a run stands with its invariants at one cycle (pure): the violations up to it, the rules
 * they broke, the first of them, and the next one after the cycle, if any.
 */
import type { SimEvent } from '../../sim-core/index';

export type Violation = Extract<SimEvent, { kind: 'invariant.violation' }>;

export interface InvariantState {
  /** The rules broken up to the cycle, in the order they first broke. */
  broken: Violation['rule'][];
  /** The first violation up to the cycle, and how many there were. */
  first: Violation | null;
  count: number;
  /** The first violation after the cycle. */
  next: Violation | null;
}

/** `violations`: the run's violations in log order. */
export function invariantStateAt(violations: readonly Violation[], cycle: number): InvariantState {
  const past = violations.filter((v) => v.cycle <= cycle);
  return {
    broken: [...new Set(past.map((v) => v.rule))],
    first: past[0] ?? null,
    count: past.length,
    next: violations.find((v) => v.cycle > cycle) ?? null,
  };
}
