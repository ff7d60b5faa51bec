/**
 * The process table (round2-spec §A.2 S7): every process of every application on every node, as
 * plain data. A process belongs to an application by its group identifier (GID) — all processes
 * of a parallel application share it (seed 004 L620, L797) — and is that application's virtual
 * processor `vp` [004 L540]. Its delivery mode says whether messages for it are read straight
 * from the network interface (DIRECT) or from a software buffer in memory (BUFFERED) [004 L889];
 * a model that has no such second case leaves every process DIRECT.
 */

export type DeliveryMode = 'DIRECT' | 'BUFFERED';

/** How the scheduler treats a process (seed 004 L1226-1238): in its gang's slots, or by priority. */
export interface SchedulingClass {
  policy: 'gang' | 'priority';
  /** Larger runs first among priority-scheduled processes (an interactive job is high, L1404). */
  priority: number;
}

export interface ProcessEntry {
  /** Machine-wide, 0…n−1 in table order. */
  pid: number;
  gid: number;
  node: number;
  /** Its place among its application's processes (the destination a sender names). */
  vp: number;
  /** The application's name, for people. */
  app: string;
  mode: DeliveryMode;
  sched: SchedulingClass;
  /** Whether it wants the processor: not finished, not waiting for work that has not come. */
  runnable: boolean;
}

/** The processes on one node, in table order. */
export const processesOn = <P extends ProcessEntry>(table: readonly P[], node: number): P[] =>
  table.filter((p) => p.node === node);

/** The process of application `gid` on `node`, if it has one there. */
export const processOf = <P extends ProcessEntry>(
  table: readonly P[],
  node: number,
  gid: number,
): P | undefined => table.find((p) => p.node === node && p.gid === gid);

/** The node that runs virtual processor `vp` of application `gid`. */
export const nodeOfVp = (table: readonly ProcessEntry[], gid: number, vp: number): number =>
  table.find((p) => p.gid === gid && p.vp === vp)?.node ?? -1;
