/**
 * What an agent runs: a routine reads its plain-data frame (name, program counter, locals) and
 * answers with one operation to perform, a call, a return, or null to go straight on (the
 * interpreter, interpreter.ts, performs the operations; round2-spec §A.2 S1).
 */
import type { Agent, Locals, Op, RoutineFrame, Value } from './agent';

/** A routine's answer: an operation to perform, a call, a return, or null to go straight on. */
export type Step = Op | { call: string; locals: Locals } | { ret: Value } | null;

export type Routine<C, A extends string> = (ctx: C, frame: RoutineFrame, agent: Agent<A>) => Step;
