/**
 * What configuration B can change: the loaded model's switches (its UI table's compareChoices,
 * the same switches as the header's menus), each as the `path=value` overrides it stands for.
 * Anything else is a typed `path=value` override.
 */
import { ownScenario, type Scenario } from '../../sim-core/index';
import { uiOf } from '../models/index';
import type { Choice, ChoiceGroup } from './choice-group';

export type { Choice, ChoiceGroup } from './choice-group';

export function choiceGroups(scenario: Scenario | null): ChoiceGroup[] {
  if (!scenario) return [];
  return uiOf(scenario.system.kind).compareChoices(ownScenario(scenario));
}

/** The first choice of a group that differs from A (what a comparison most likely wants). */
export function firstOther(group: ChoiceGroup): Choice | undefined {
  return group.choices.find((c) => c.key !== group.current) ?? group.choices[0];
}
