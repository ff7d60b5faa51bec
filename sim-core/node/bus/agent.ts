/**
 * An agent on a node's bus: a processor or a device, each with a cache whose lines the protocol's
 * table drives (seed 000 digest §B.0 actors; round2-spec §A.2 S1). Plain data, so a snapshot is a
 * copy: its lines by block, its dirty victims waiting for their write-back, the stack of routine
 * frames the interpreter runs, and what its current operation waits for.
 */

/**
 * A transaction of a device that keeps its copies itself, outside the kit's lines (EDT's NI
 * buffer, a DMA engine): a read (RD, DMARD) the caches snoop as a read, an invalidation (INV) and
 * a block write (WB, DMAWR) they snoop as a write that takes their copies away. Without coherence
 * (a non-coherent DMA), nobody snoops: a read gets memory's copy, a write leaves cached copies be.
 */
export type DeviceTxnKind = 'RD' | 'INV' | 'WB' | 'DMARD' | 'DMAWR';

/** One block's contents as a model needs them (message id, part, valid word…), `v` its version. */
export type BlockData = Record<string, number>;

export interface Line {
  state: string;
  data: BlockData | null;
}

export type Value = number | string | boolean | null;
export type Locals = Record<string, Value>;

/** One activation of a routine (a messaging-layer or device procedure) with its program counter. */
export interface RoutineFrame {
  routine: string;
  pc: number;
  locals: Locals;
}

/** What a routine asks its agent to do; an agent performs at most one operation per cycle. */
export type Op =
  | { op: 'load'; block: number; why: string }
  /** `whole`: the store overwrites the entire block, so a miss needs ownership, not the data. */
  | { op: 'store'; block: number; data: BlockData; why: string; whole?: boolean }
  | { op: 'ucLoad'; reg: string; why: string }
  | { op: 'ucStore'; reg: string; value: number; why: string }
  | { op: 'membar'; why: string }
  | { op: 'compute'; cycles: number; why: string }
  | { op: 'evict'; block: number; why: string }
  /** A device's transaction without a cache line (bus-state.ts, DeviceTxnKind). */
  | {
      op: 'device';
      txn: DeviceTxnKind;
      block: number;
      coherent: boolean;
      data?: BlockData;
      extraCycles?: number;
      why: string;
    }
  | { op: 'idle' };

export interface Agent<A extends string = string> {
  name: A;
  /** Lines by block id; an invalidated line keeps its tag (state I), which snarfing needs. */
  lines: Record<number, Line>;
  /** Dirty victims waiting for their write-back (MI_A / OI_A). */
  victims: Record<number, Line>;
  stack: RoutineFrame[];
  /** The op in progress: waiting for the bus, computing, or draining stores. */
  busy: null | {
    op: Op;
    since: number;
    waitingFor: 'transaction' | 'compute' | 'stores';
    /** Compute cycles still to go. */
    left: number;
    /** The bus request whose completion ends the wait. */
    request: number;
  };
  /** The result of the last op or call, read by the routine that resumes. */
  result: Value | BlockData;
  /** Uncached stores in the store buffer, not yet on the bus. */
  pendingStores: number;
  halted: boolean;
}

export const newAgent = <A extends string>(name: A): Agent<A> => ({
  name,
  lines: {},
  victims: {},
  stack: [],
  busy: null,
  result: null,
  pendingStores: 0,
  halted: false,
});

export function lineOf(agent: Agent, block: number): Line {
  let line = agent.lines[block];
  if (!line) {
    line = { state: 'I', data: null };
    agent.lines[block] = line;
  }
  return line;
}
