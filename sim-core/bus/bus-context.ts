/**
 * What every part of the bus model works on (seed 000 §B.0): the configuration, the protocol
 * table and the compiled programs, the initial memory image, the state (plain data), and what the
 * cycle being stepped collects. The bus, the processors, the invariants and the view are functions
 * over it; BusSystem (bus-system.ts) runs them in order.
 */
import type { SnoopingProtocol } from '../memory/protocols/snooping-vocabulary';
import type { BusSystemConfig } from './bus-config';
import type { BusModelEvent } from './bus-events';
import { imageBlock, type BusSystemState, type MemoryImage } from './bus-state';
import type { CompiledProgram } from './program';

export interface BusCtx {
  readonly cfg: BusSystemConfig;
  readonly protocol: SnoopingProtocol;
  readonly programs: readonly CompiledProgram[];
  readonly image: MemoryImage;
  /** Replaced on a restore. */
  state: BusSystemState;
  /** The events of the cycle being stepped, in order. */
  events: BusModelEvent[];
  /** Blocks something happened to in this cycle (checked by the invariants; not part of state). */
  touched: number[];
}

export function emit(ctx: BusCtx, e: BusModelEvent): void {
  ctx.events.push(e);
}

/** A block of main memory, read from the initial image the first time it is needed. */
export function memoryBlock(ctx: BusCtx, block: number): number[] {
  return (ctx.state.memory[block] ??= imageBlock(ctx.image, block, ctx.cfg.geometry));
}

/** Expected value of a word: the most recent store, else the initial image. */
export function expected(ctx: BusCtx, addr: number): number {
  return ctx.state.reference[addr] ?? ctx.image[addr] ?? 0;
}
