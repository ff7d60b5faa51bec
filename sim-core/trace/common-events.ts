/** Events any model may emit: a broken invariant, a run that stopped making progress, the end. */

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
      /**
       * The model's progress watchdog (kernel/watchdog.ts): `quietCycles` cycles in a row with
       * work outstanding and no progress, reported once per quiet spell. The run goes on.
       */
      kind: 'sim.stall';
      quietCycles: number;
      /** What did not happen, in the model's words: "no message has taken a step". */
      progress: string;
      /** What is outstanding and where it waits. */
      waiting: string;
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
