/**
 * Torus-node kit: the processor program interpreter with poll accounting (seed 001 §6.1,
 * Table 6.1, Fig. 6.1; digest §C.16, §E.1). A node's processor runs its program one instruction
 * at a time, each for its cycles. An instruction may leave the processor spinning on a
 * condition (a status register, a queue's flag, a barrier): the spin ends in the cycle the
 * condition holds, and that final poll costs its load plus the test and branch — Table 6.1's
 * accounting, by which the thesis's latencies come out exactly. An instruction or a final poll
 * may leave a follow-up, done when its cycles are up (report the poll, take the queue entry).
 *
 * The kit knows no instruction: a model brings registries of instruction, wait and follow-up
 * handlers, keyed by `op` or `kind`, over its own context and node types.
 */

export interface ProcessorState<W, F> {
  pc: number;
  /** The instruction being executed or waited on (−1 before the first). */
  current: number;
  busyUntil: number;
  /** What the processor spins on; its final poll starts when the condition holds. */
  wait: W | null;
  /** What to do when the current instruction's or poll's time is up. */
  finishing: F | null;
  status: 'running' | 'spinning' | 'done';
  doneAt: number;
}

/** A processor about to run a program of `length` instructions (with none it is done). */
export const startProcessor = <W, F>(length: number): ProcessorState<W, F> => ({
  pc: 0,
  current: -1,
  busyUntil: 0,
  wait: null,
  finishing: null,
  status: length ? 'running' : 'done',
  doneAt: length ? -1 : 0,
});

/**
 * Each instruction's handler: its effect and its cost in cycles. It may set the processor's
 * `wait` (it then spins; with 0 cycles the condition is tested at once) or `finishing`.
 */
export type InstructionHandlers<C, N, I extends { op: string }> = {
  readonly [K in I['op']]: (ctx: C, node: N, instr: Extract<I, { op: K }>) => number;
};

export interface WaitHandler<C, N, W, F> {
  /** Whether the polled condition holds now (no side effects: it is asked every cycle). */
  holds(ctx: C, node: N, wait: W): boolean;
  /** The poll that sees it: its load's cycles (the test and branch are added) and what follows. */
  finalPoll(ctx: C, node: N, wait: W): { load: number; then: F };
}

export type WaitHandlers<C, N, W extends { kind: string }, F> = {
  readonly [K in W['kind']]: WaitHandler<C, N, Extract<W, { kind: K }>, F>;
};

/** A follow-up's handler; it may keep the processor busy, spinning or finishing something else. */
export type FollowUpHandlers<C, N, F extends { op: string }> = {
  readonly [K in F['op']]: (ctx: C, node: N, followUp: Extract<F, { op: K }>) => void;
};

/** What a model plugs into the interpreter. */
export interface InstructionSet<
  C,
  N,
  I extends { op: string },
  W extends { kind: string },
  F extends { op: string },
> {
  instructions: InstructionHandlers<C, N, I>;
  waits: WaitHandlers<C, N, W, F>;
  followUps: FollowUpHandlers<C, N, F>;
  processor(node: N): ProcessorState<W, F>;
  program(ctx: C, node: N): readonly I[];
  /** The test and branch after a poll's load (Table 6.1's receive software: 10 + 3). */
  testBranch(ctx: C): number;
  /** Told of each instruction as it starts, with its cost, for the model's events. */
  issued(ctx: C, node: N, pc: number, instr: I, cycles: number): void;
  /** Told when the program has run to its end. */
  ended(ctx: C, node: N, pc: number): void;
}

// Read through functions, not narrowed: handlers called in between change these fields.
const spinning = (p: ProcessorState<unknown, unknown>): boolean => p.wait !== null;
const occupied = (p: ProcessorState<unknown, unknown>, cycle: number): boolean =>
  p.finishing !== null || cycle < p.busyUntil;

/**
 * If the processor spins on a condition that holds, start the final poll: it costs load + test +
 * branch, and its follow-up is done when that is over.
 */
function endSpin<
  C,
  N,
  I extends { op: string },
  W extends { kind: string },
  F extends { op: string },
>(set: InstructionSet<C, N, I, W, F>, ctx: C, node: N, cycle: number): boolean {
  const p = set.processor(node);
  const wait = p.wait;
  if (wait === null) return false;
  const handler = set.waits[wait.kind as W['kind']] as WaitHandler<C, N, W, F>;
  if (!handler.holds(ctx, node, wait)) return false;
  p.status = 'running';
  p.wait = null;
  const poll = handler.finalPoll(ctx, node, wait);
  p.busyUntil = cycle + poll.load + set.testBranch(ctx);
  p.finishing = poll.then;
  return true;
}

/** One cycle of a node's processor. */
export function stepProcessor<
  C,
  N,
  I extends { op: string },
  W extends { kind: string },
  F extends { op: string },
>(set: InstructionSet<C, N, I, W, F>, ctx: C, node: N, cycle: number): void {
  const p = set.processor(node);
  if (p.status === 'done' || cycle < p.busyUntil) return;
  if (p.finishing !== null) {
    const followUp = p.finishing;
    p.finishing = null;
    const handler = set.followUps[followUp.op as F['op']] as (c: C, n: N, f: F) => void;
    handler(ctx, node, followUp);
    if (occupied(p, cycle)) return;
  }
  if (spinning(p)) {
    if (!endSpin(set, ctx, node, cycle)) p.status = 'spinning';
    return;
  }
  const program = set.program(ctx, node);
  if (p.pc >= program.length) {
    p.status = 'done';
    p.doneAt = cycle;
    set.ended(ctx, node, p.pc);
    return;
  }
  const instr = program[p.pc]!;
  const pc = p.pc;
  p.current = pc;
  p.pc += 1;
  const handler = set.instructions[instr.op as I['op']] as (c: C, n: N, i: I) => number;
  const cycles = handler(ctx, node, instr);
  p.busyUntil = cycle + cycles;
  p.status = spinning(p) && cycles === 0 ? 'spinning' : 'running';
  set.issued(ctx, node, pc, instr, cycles);
  if (cycles === 0) endSpin(set, ctx, node, cycle);
}
