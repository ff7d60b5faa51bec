/**
 * A soak family: one model's entry in the soak registry (families.ts). It lists the
 * configurations to soak, draws a random run under each (a fast-check arbitrary, so the property
 * tests draw from the same space: tests/property/liveness.prop.test.ts), and runs and audits one
 * run: how many cycles it took, and what went wrong with the messages, packets or programs it was
 * given. `npm run test:soak` (tools/soak.ts) runs a family's configurations for millions of
 * cycles each; the property tests run a few hundred small runs.
 */
import type fc from 'fast-check';

/** What one run did, and everything that went wrong with it (all zero for a good run). */
export interface RunAudit {
  cycles: number;
  /** `invariant.violation` events. */
  violations: number;
  /** Accepted and gone: neither delivered nor anywhere in the machine at the end (null: the
   * family moves no messages, as the bus model's programs do not). */
  lost: number | null;
  /** Delivered (or placed) more than once. */
  duplicated: number | null;
  /** Delivered to a node other than its destination. */
  misdelivered: number | null;
  /** Taken out of the order the model promises (null: the model promises none). */
  reordered: number | null;
  /** Messages, packets or programs not finished when the run ended without halting. */
  unfinished: number;
  /** Stall reports (`sim.stall`, `net.stall`). */
  stalls: number;
  /** Stalls the configuration is built to show (a deadlock-prone router), each naming its cycle. */
  expectedStalls: number;
  /** The first thing that went wrong, in words, for the report and the failing test. */
  problem: string | null;
}

export interface SoakConfiguration {
  /** A short name for the table: "CNI16Qm · memory · MESI". */
  label: string;
}

export interface SoakFamily<C extends SoakConfiguration = SoakConfiguration, R = unknown> {
  name: string;
  title: string;
  /** The configurations a soak covers, one row each. */
  configurations: readonly C[];
  /** Combinations left out, and why (the schema refuses them). */
  skipped: readonly string[];
  /** The `reordered` column's meaning, or why it is empty. */
  orderNote: string;
  /** The most cycles one run may take before it counts as never ending. */
  runCycles: number;
  /** A random run under a configuration. */
  runs(config: C): fc.Arbitrary<R>;
  /** Runs one to its end (or `maxCycles`) and audits it. */
  audit(config: C, run: R, maxCycles: number): RunAudit;
}

/** An audit with nothing found yet: `messages` and `order` say which counts the family keeps. */
export const cleanAudit = (keeps: { messages: boolean; order: boolean }): RunAudit => ({
  cycles: 0,
  violations: 0,
  lost: keeps.messages ? 0 : null,
  duplicated: keeps.messages ? 0 : null,
  misdelivered: keeps.messages ? 0 : null,
  reordered: keeps.order ? 0 : null,
  unfinished: 0,
  stalls: 0,
  expectedStalls: 0,
  problem: null,
});

/** Whether an audit found anything wrong. */
export const failed = (a: RunAudit): boolean =>
  a.violations +
    (a.lost ?? 0) +
    (a.duplicated ?? 0) +
    (a.misdelivered ?? 0) +
    (a.reordered ?? 0) +
    a.unfinished >
    0 || a.stalls > a.expectedStalls;

/** Counts one more of a kept count (a family that keeps none never calls it for that count). */
export const bump = (n: number | null): number => (n ?? 0) + 1;

/** Notes the first problem of a run. */
export function note(a: RunAudit, problem: string): void {
  a.problem ??= problem;
}

/** The words for a run that ends at its cycle cap neither halted nor stalled. */
export const neverEnded = (maxCycles: number) =>
  `neither halted nor reported a stall in ${maxCycles.toLocaleString('en')} cycles`;

/** A family as the registry lists it, its configuration and run types erased. */
export type AnySoakFamily = SoakFamily<SoakConfiguration, unknown>;

/** Erases a family's types: its runs are only ever drawn from its own configurations. */
export const erase = <C extends SoakConfiguration, R>(family: SoakFamily<C, R>): AnySoakFamily =>
  family as unknown as AnySoakFamily;
