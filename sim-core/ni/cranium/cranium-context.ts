/**
 * What every part of the Cranium machine works on (digest seed-001 §C): the configuration, the
 * state (plain data), the events of the cycle being stepped, and the torus behind the NIs. The
 * commands, send engine, receive pipeline, barrier and processors are functions over it.
 */
import type { TorusPort } from '../../node/torus/port';
import type { CraniumConfig } from './cranium-config';
import type { CraniumModelEvent } from './cranium-events';
import type { CraniumPacket, CraniumState } from './cranium-state';
import type { CraniumInstruction } from './program';

export interface CraniumCtx {
  readonly cfg: CraniumConfig;
  /** Replaced on a restore. */
  state: CraniumState;
  /** The events of the cycle being stepped, in order. */
  events: CraniumModelEvent[];
  readonly port: TorusPort<CraniumPacket, number[]>;
  /** Cache lines (packets) per pinned page. */
  readonly linesPerPage: number;
  /** The nodes that run programs, in configuration order. */
  readonly programNodes: readonly number[];
  readonly programs: ReadonlyMap<number, readonly CraniumInstruction[]>;
}

export const emit = (ctx: CraniumCtx, e: CraniumModelEvent): void => {
  ctx.events.push(e);
};
