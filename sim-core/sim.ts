/**
 * createSim: builds the model a scenario describes, through its module (models.ts), and wraps it
 * behind one Simulation interface (step, frame, snapshot, restore), so the session, the worker,
 * the CLI and the tests never depend on which model runs.
 */
import { clonePlain } from './kernel/clone';
import { ownScenario } from './model';
import { moduleOf, type Frame, type ModelMeta, type SimSnapshot, type Stats } from './models';
import type { Scenario } from './scenario/schema';
import type { SimEventBody } from './trace/events';

export type { Frame, ModelMeta, SimSnapshot, Stats } from './models';

export interface Simulation {
  readonly cycle: number;
  readonly halted: boolean;
  /** Runs one cycle; returns its events without cycle/seq stamps. */
  step(): SimEventBody[];
  frame(): Frame;
  stats(): Stats;
  snapshot(): SimSnapshot;
  restore(snapshot: SimSnapshot): void;
  meta(): ModelMeta;
}

export function createSim(scenario: Scenario): Simulation {
  const module = moduleOf(scenario.system.kind);
  const config = module.configOf(ownScenario(scenario));
  const model = module.create(config);
  const kind = module.kind;
  return {
    get cycle() {
      return model.state.cycle;
    },
    get halted() {
      return model.state.halted;
    },
    step: () => model.step() as SimEventBody[],
    frame: () => model.frame() as Frame,
    stats: () => model.stats() as Stats,
    // The kind tag pairs each snapshot with its model: restore only takes its own kind.
    snapshot: () => ({ model: kind, state: clonePlain(model.state) }) as SimSnapshot,
    restore: (snap) => {
      if (snap.model !== kind) return;
      const state = snap.state as typeof model.state;
      model.state = model.revive ? model.revive(state) : clonePlain(state);
    },
    meta: () => module.meta(config, model) as ModelMeta,
  };
}
