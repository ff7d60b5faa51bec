/**
 * A timeslice scheduler for a machine of nodes (round2-spec §A.2 S7; seed 004 §6.2.2, L1226-1238,
 * L1404, L1641): time runs in timeslices of a fixed length, a round is a list of slots, each either
 * a gang's (every node runs that application's process: coscheduling on synchronised clocks) or
 * free (each node independently runs its highest-priority runnable process, equal priorities
 * taking turns slice by slice). Each node cues its slices from its own cycle counter; skewing those
 * counters staggers the slice edges across the machine and opens a window at each edge where a
 * sender's gang runs while its receiver's does not [004 L1641]. The scheduler knows no model: it
 * says who should run; the model switches, and tells whoever observes a switch (context-switch.ts).
 */
import type { ProcessEntry } from './process-table';

/** A slot of the round: a gang's GID, or free for priority scheduling. */
export type RoundSlot = number | 'free';

export interface SchedulerConfig {
  /** Cycles per timeslice [default: the seed gives no number, digest §C.9]. */
  timeslice: number;
  round: readonly RoundSlot[];
  /**
   * Clock skew as a fraction of a timeslice, 0…0.9 [004 L1641]: node n's counter runs ahead by
   * skew · timeslice · n/(nodes−1), so the last node is the whole skew ahead of the first.
   */
  skew: number;
  nodes: number;
}

/** Cycles node `node`'s cycle counter runs ahead of the machine's. */
export function skewOffset(cfg: SchedulerConfig, node: number): number {
  if (cfg.nodes < 2) return 0;
  return Math.round((cfg.skew * cfg.timeslice * node) / (cfg.nodes - 1));
}

/** The slice a node is in at a cycle: its index on the node's own clock, and its slot. */
export function sliceAt(
  cfg: SchedulerConfig,
  node: number,
  cycle: number,
): { index: number; slot: RoundSlot; startsAt: number } {
  const local = cycle + skewOffset(cfg, node);
  const index = Math.floor(local / cfg.timeslice);
  return {
    index,
    slot: cfg.round[index % cfg.round.length]!,
    startsAt: index * cfg.timeslice - skewOffset(cfg, node),
  };
}

/** Whether a slice starts on `node` at `cycle` (never at cycle 0: the first slice just begins). */
export const sliceStarts = (cfg: SchedulerConfig, node: number, cycle: number): boolean =>
  cycle > 0 && (cycle + skewOffset(cfg, node)) % cfg.timeslice === 0;

/**
 * Who should run on `node` during slice `index` whose slot is `slot`: the gang's process when it
 * is runnable there; otherwise the highest-priority runnable process (gang processes scavenge free
 * time at their own priority, Fig. 7-5), equal priorities taking turns by slice; null if none.
 */
export function choose<P extends ProcessEntry>(
  procs: readonly P[],
  node: number,
  slot: RoundSlot,
  index: number,
): P | null {
  const here = procs.filter((p) => p.node === node && p.runnable);
  if (slot !== 'free') {
    const gang = here.find((p) => p.gid === slot);
    if (gang) return gang;
  }
  // In a gang's slot only priority-scheduled processes may fill in; in a free slot, anyone.
  const eligible = slot === 'free' ? here : here.filter((p) => p.sched.policy === 'priority');
  if (eligible.length === 0) return null;
  const top = Math.max(...eligible.map((p) => p.sched.priority));
  const best = eligible.filter((p) => p.sched.priority === top);
  return best[index % best.length]!;
}
