/**
 * Torus-node kit: halt detection (digest seed-001 §C.16). A run with programs is over when every
 * program has run to its end and nothing is left in flight; or when some program spins on a
 * condition nothing can make true any more: no packet moving, no node working, no processor busy
 * and nothing else (a barrier, a timer) about to change the state it polls.
 */
import type { ProcessorState } from './processor';

export type HaltReason = 'all programs finished' | 'a program waits forever';

export interface HaltProbe {
  /** Packets in the network or work in any node (an inbox, a DMA, a command on its way). */
  busy(): boolean;
  /** Something outside the programs will still change what they poll (asked only when idle). */
  progressDue(): boolean;
}

/** Why the run is over, or null while it is not. */
export function haltReason(
  processors: readonly ProcessorState<unknown, unknown>[],
  cycle: number,
  probe: HaltProbe,
): HaltReason | null {
  if (probe.busy()) return null;
  if (processors.every((p) => p.status === 'done')) return 'all programs finished';
  if (probe.progressDue()) return null;
  const idle = (p: ProcessorState<unknown, unknown>) =>
    p.status !== 'running' && p.finishing === null && cycle >= p.busyUntil;
  return processors.some((p) => p.status === 'spinning') && processors.every(idle)
    ? 'a program waits forever'
    : null;
}
