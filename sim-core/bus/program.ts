/**
 * The processor's small program: the instructions a scenario gives each processor, and their
 * compilation to a flat list with explicit loop-back branches (so a program counter and a stack
 * of loop counters are the processor's whole control state, and they live in snapshots).
 */
import { hex } from '../kernel/hex';
export type Instruction =
  | { op: 'load'; addr: number }
  | { op: 'store'; addr: number; value: number }
  | { op: 'compute'; cycles: number }
  | { op: 'spin'; addr: number; until: number }
  | { op: 'loop'; times: number; body: Instruction[] };

export type FlatInstruction =
  | { op: 'load'; addr: number; text: string; depth: number }
  | { op: 'store'; addr: number; value: number; text: string; depth: number }
  | { op: 'compute'; cycles: number; text: string; depth: number }
  | { op: 'spin'; addr: number; until: number; text: string; depth: number }
  /** End of a loop body: jump back to `start` until the loop has run `times` times. */
  | { op: 'endloop'; start: number; times: number; slot: number; text: string; depth: number };

export function instructionText(i: Exclude<Instruction, { op: 'loop' }>): string {
  switch (i.op) {
    case 'load':
      return `load ${hex(i.addr)}`;
    case 'store':
      return `store ${hex(i.addr)} ← ${i.value}`;
    case 'compute':
      return `compute ${i.cycles}`;
    case 'spin':
      return `spin until [${hex(i.addr)}] = ${i.until}`;
  }
}

export interface CompiledProgram {
  code: FlatInstruction[];
  loopSlots: number;
}

/** Flattens nested loops. The loop header is not an instruction: it costs no cycle. */
export function compileProgram(program: readonly Instruction[]): CompiledProgram {
  const code: FlatInstruction[] = [];
  let loopSlots = 0;
  const emit = (list: readonly Instruction[], depth: number): void => {
    for (const instr of list) {
      if (instr.op === 'loop') {
        const slot = loopSlots++;
        const start = code.length;
        emit(instr.body, depth + 1);
        code.push({
          op: 'endloop',
          start,
          times: instr.times,
          slot,
          text: `repeat ×${instr.times}`,
          depth,
        });
      } else {
        code.push({ ...instr, text: instructionText(instr), depth } as FlatInstruction);
      }
    }
  };
  emit(program, 0);
  return { code, loopSlots };
}
