/** Events any model may emit: a broken invariant, and the end of the run. */

/** The rule a broken invariant names (each model lists its own: `ModelModule.invariants`). */
export type InvariantRule =
  'single-writer' | 'data-value' | 'protocol' | 'conservation' | 'delivery' | 'capacity';

export type CommonEventBody =
  | {
      kind: 'invariant.violation';
      rule: InvariantRule;
      block: number;
      detail: string;
    }
  | {
      kind: 'sim.halt';
      reason:
        | 'all programs finished'
        | 'all packets delivered'
        | 'all messages delivered'
        | 'a program waits forever';
    };

/** Where an event sits in the run: the cycle whose work produced it, and its place in the log. */
export interface EventStamp {
  cycle: number;
  seq: number;
}
