/**
 * The receive-side dispatch rule as data (seed 004 L774-775, L789, L797, L821, L893; digest §B.6),
 * drawn as a decision table like the protocol tables. The NI evaluates it whenever the head of its
 * input queue or the UAC changes; the first row whose conditions all hold fires. Its outcome is
 * either a kernel interrupt (mismatch-available: not maskable by the UAC, L821), the user interrupt
 * that upcalls a handler (message-available with interrupts enabled), or the message-available
 * flag alone, for a poll (interrupts disabled: the atomicity timer runs meanwhile, L806).
 */

/** What the rule reads from the NI. */
export interface DispatchInputs {
  head: 'none' | 'kernel' | 'user';
  gidMatches: boolean;
  divertMode: boolean;
  interruptDisable: boolean;
}

export type DispatchCondition = keyof DispatchInputs;

export type DispatchOutcome = 'none' | 'mismatch-available' | 'message-available' | 'poll';

/** The path a message takes from a row: the two cases of two-case delivery, and polling. */
export type DeliveryPath = 'buffered' | 'fast upcall' | 'poll' | null;

export interface DispatchRow {
  id: 'empty' | 'kernel' | 'divert' | 'mismatch' | 'upcall' | 'poll';
  /** Conditions that must all hold (absent: any value). */
  when: Partial<DispatchInputs>;
  outcome: DispatchOutcome;
  path: DeliveryPath;
  why: string;
  source: string;
}

export const DISPATCH_RULE: readonly DispatchRow[] = [
  {
    id: 'empty',
    when: { head: 'none' },
    outcome: 'none',
    path: null,
    why: 'no message at the head of the input queue: message-available is clear',
    source: '[004 L789]',
  },
  {
    id: 'kernel',
    when: { head: 'kernel' },
    outcome: 'mismatch-available',
    path: 'buffered',
    why: 'a kernel message always interrupts the OS',
    source: '[004 L775, L821]',
  },
  {
    id: 'divert',
    when: { divertMode: true },
    outcome: 'mismatch-available',
    path: 'buffered',
    why: 'divert mode is set: every message interrupts the OS, even one whose GID matches',
    source: '[004 L775, L893]',
  },
  {
    id: 'mismatch',
    when: { gidMatches: false },
    outcome: 'mismatch-available',
    path: 'buffered',
    why: "the message's GID is not the running process's: the OS demultiplexes it",
    source: '[004 L797]',
  },
  {
    id: 'upcall',
    when: { interruptDisable: false },
    outcome: 'message-available',
    path: 'fast upcall',
    why: 'GID matches and interrupts are enabled: a user interrupt upcalls the handler',
    source: '[004 L774, L789]',
  },
  {
    id: 'poll',
    when: { interruptDisable: true },
    outcome: 'poll',
    path: 'poll',
    why: 'GID matches but interrupt-disable is set (an atomic section or a handler runs): message-available waits for a poll or a dispose, and the atomicity timer runs',
    source: '[004 L789, L806]',
  },
];

/** The conditions in the order the table's columns show them. */
export const DISPATCH_CONDITIONS: readonly { key: DispatchCondition; label: string }[] = [
  { key: 'head', label: 'head message' },
  { key: 'divertMode', label: 'divert-mode' },
  { key: 'gidMatches', label: 'GID matches' },
  { key: 'interruptDisable', label: 'interrupt-disable' },
];

/** The first row whose conditions hold; the table is total (its last two rows cover every case). */
export function dispatchRow(inputs: DispatchInputs): DispatchRow {
  return FIRED_BY_KEY[
    inputsKey(inputs.head, inputs.gidMatches, inputs.divertMode, inputs.interruptDisable)
  ]!;
}

/** The inputs as a number 0…23, so the NI can look its row up every cycle without a search. */
export function inputsKey(
  head: DispatchInputs['head'],
  gidMatches: boolean,
  divertMode: boolean,
  interruptDisable: boolean,
): number {
  return (
    (head === 'none' ? 0 : head === 'kernel' ? 8 : 16) +
    (gidMatches ? 4 : 0) +
    (divertMode ? 2 : 0) +
    (interruptDisable ? 1 : 0)
  );
}

/** The row that fires for every combination of inputs, found once from the table by its own order. */
export const FIRED_BY_KEY: readonly DispatchRow[] = (['none', 'kernel', 'user'] as const).flatMap(
  (head) =>
    [false, true].flatMap((gidMatches) =>
      [false, true].flatMap((divertMode) =>
        [false, true].map((interruptDisable) =>
          firstRow({ head, gidMatches, divertMode, interruptDisable }),
        ),
      ),
    ),
);

function firstRow(inputs: DispatchInputs): DispatchRow {
  for (const row of DISPATCH_RULE) {
    let holds = true;
    for (const key in row.when) {
      const k = key as DispatchCondition;
      if (row.when[k] !== inputs[k]) {
        holds = false;
        break;
      }
    }
    if (holds) return row;
  }
  throw new Error('the dispatch rule is total');
}
