/**
 * The context-switch hook (round2-spec §A.2 S7): when a node's processor changes process, every
 * device that keeps per-process state observes it — FUGU's network interface loads the incoming
 * process's GID and divert mode [004 L797, L891; digest §H-21]; FLASH's MAGIC would learn the PID
 * [003 L15]. The hook is a plain callback list owned by the model; the state it touches stays the
 * model's plain data.
 */

/** Why a node switched. */
export type SwitchReason = 'timeslice' | 'wake' | 'yield' | 'finish' | 'start';

export interface ContextSwitch {
  node: number;
  /** Outgoing and incoming pids (null: the node idles, or was idle). */
  from: number | null;
  to: number | null;
  cycle: number;
  why: SwitchReason;
}

export type ContextSwitchObserver = (sw: ContextSwitch) => void;

/** Tells every observer, in the order they were registered. */
export function announceSwitch(
  observers: readonly ContextSwitchObserver[],
  sw: ContextSwitch,
): void {
  for (const observe of observers) observe(sw);
}
