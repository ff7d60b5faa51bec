/**
 * The runs behind FUGU's fidelity rows (seed 004; round2-spec §B3.4): the model's own synthetic
 * workloads (sim-core/ni/fugu/workloads.ts), run through the same schema and model as the app.
 */
import type { PhaseSlice } from '../ledger/phase-events';
import { runSpec, type FuguRun, type FuguSpec } from '../ni/fugu/workloads';

export {
  interactiveScenario,
  mismatchScenario,
  pingPongScenario,
  pollScenario,
  runawayScenario,
  skewScenario,
  standaloneScenario,
  synthScenario,
  type FuguRun,
} from '../ni/fugu/workloads';

/** Runs a workload (a spec, or a whole scenario document: its system, workload and limits). */
export const runFugu = (spec: unknown): FuguRun => runSpec(spec as FuguSpec);

/** Cycles a message's slices of one Table part cover (each slice counted once). */
export function partCycles(slices: readonly PhaseSlice[], message: number, part: string): number {
  return slices
    .filter((s) => s.message === message && s.part === part)
    .reduce((t, s) => t + s.end - s.start, 0);
}
