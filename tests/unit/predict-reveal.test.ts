/**
 * "Then see" shows what the card says: for every checkpoint of every built-in scenario, and for
 * every prediction kind of its model asked at each of its lecture steps, the views at the
 * revealed cycle (its frame and its events, read by the kind's `shown`) show the card's answer,
 * and where the views end that cycle on something else the explanation says what.
 */
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import { resolveSteps } from '../../src/lecture/steps';
import { moduleOf, parseScenario, Session } from '../../sim-core/index';
import {
  predictionAt,
  predictionKindsFor,
  revealPrediction,
  type PredictionKind,
  type PredictionQuestion,
} from '../../sim-core/teaching/index';

interface Asked {
  question: PredictionQuestion;
  /** Where it was asked from: a checkpoint, or a kind at a step. */
  from: string;
}

/** Reveals a question and reads the views at the revealed cycle; the session returns after. */
function check(s: Session, model: string, { question, from }: Asked): void {
  // A long list of options comes as a grid of short answers in rows: the card stays small
  // enough to leave its verdict and the panels it is about in view.
  if (question.options.length > 8)
    expect(
      question.options.every((o) => o.short !== undefined && o.group !== undefined),
      `${from}: ${question.options.length} options, each needs a short form and a row`,
    ).toBe(true);
  const outcome = revealPrediction(s, question);
  expect(outcome, from).not.toBeNull();
  const { value, cycle, explanation } = outcome!;
  expect(cycle, from).toBeGreaterThan(question.cycle);
  const view = s.seek(cycle);
  const kind = moduleOf(model).predictions.find((k) => k.name === question.kind)!;
  const soFar = s.timeline.log.slice().filter((e) => e.cycle <= cycle);
  const shown = kind.shown(view.frame as never, view.events as never, question.facts, {
    soFar,
    meta: s.meta,
  } as never);
  expect(
    shown,
    `${from}: ${question.kind} ${JSON.stringify(question.facts)} at ${cycle}`,
  ).toContain(value);
  // The views end the cycle on their last value: if it is not the answer, the card says so.
  const last = shown.at(-1)!;
  if (last !== value)
    expect(explanation, `${from}: says the views end on ${last}`).toMatch(
      new RegExp(`(^|[^\\w/])${last.replace(/[^\w]/g, '\\$&')}([^\\w/]|$)`),
    );
  s.seek(question.cycle);
}

describe.each(builtinScenarios.map((b) => [b.id, b.doc] as const))('%s', (id, doc) => {
  it('reveals every checkpoint, and every kind at every step, where the views show the answer', () => {
    const parsed = parseScenario(doc);
    if (!parsed.ok) throw new Error(id);
    const scenario = parsed.value;
    const s = new Session(scenario);
    s.exploreAll();
    const model = s.meta.model;
    const steps = resolveSteps(scenario.walkthrough, s.timeline.log.slice());
    const kinds = predictionKindsFor(model).map((k) => k.kind);
    const asked: Asked[] = [];
    const ask = (cycle: number, wanted: readonly PredictionKind[] | undefined, from: string) => {
      s.seek(cycle);
      const question = predictionAt(s, wanted);
      if (question) asked.push({ question, from });
    };
    for (const step of steps) {
      const predict = scenario.walkthrough[step.index]?.predict;
      if (predict) ask(step.cycle, predict, `checkpoint “${step.title}”`);
      for (const kind of kinds) ask(step.cycle, [kind], `${kind} at “${step.title}”`);
    }
    for (const kind of kinds) ask(0, [kind], `${kind} at cycle 0`);
    for (const a of asked) {
      s.seek(a.question.cycle);
      check(s, model, a);
    }
    // Every scenario with a walkthrough and a kind to ask about asks something.
    if (kinds.length > 0 && steps.length > 0) expect(asked.length).toBeGreaterThan(0);
  });
});
