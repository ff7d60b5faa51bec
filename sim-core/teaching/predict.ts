/**
 * "Predict, then see": at a cycle c, find the next step whose outcome can be checked, ask about it
 * as a multiple-choice question, and answer it from the simulator with the rule that fired.
 *
 * Question kinds are entries each model brings in its module (`predictions`; see
 * prediction-kind.ts): how to find its next step in the event log after a cycle (optionally
 * narrowed by a target), how to ask about it and how to resolve it. Everything is read from the
 * session's event log (explored lazily, never moving the session's current cycle) and from its
 * static `meta`; only the wording of a question may use the frame at the cycle it is asked at.
 * The same session and cycle therefore always give the same question.
 */
import { faceOf } from '../faces';
import type { ModelTypes } from '../model';
import type { ModelKind } from '../models';
import type { PredictionKind } from '../scenario/names';
import type { Session } from '../session';
import type { SimEvent } from '../trace/events';
import type {
  Found,
  PredictionKindSpec,
  PredictionLog,
  PredictionOption,
  PredictionRun,
  PredictionTarget,
  RuleFired,
} from './prediction-kind';

export type { PredictionOption, PredictionTarget, RuleFired } from './prediction-kind';
export { PREDICTION_KIND_NAMES, type PredictionKind } from '../scenario/names';

export interface PredictionQuestion {
  /** `kind@cycle:facts`: the same session and cycle give the same id. */
  id: string;
  kind: PredictionKind;
  /** The cycle the question is asked at (the session's cycle when it was made). */
  cycle: number;
  /** Plain text. */
  prompt: string;
  options: PredictionOption[];
  /** What the question is about: enough to find its outcome again by simulation. */
  facts: PredictionTarget;
  /** The panels that show the outcome: the app keeps them in view while the question is open. */
  panels: string[];
}

export interface PredictionOutcome {
  question: string;
  /** The right option's value and label. */
  value: string;
  label: string;
  /** The cycle whose views show the outcome (where "then see" takes them). */
  cycle: number;
  /** Plain text: what happened and the rule that decided it. */
  explanation: string;
  rules: RuleFired[];
  /** The events that decided it. */
  events: SimEvent[];
}

export interface PredictionCheck extends PredictionOutcome {
  correct: boolean;
  /** The value the student chose. */
  given: string;
}

/** How much further a question explores the run when the log runs out. */
const EXPLORE_CHUNK = 2048;

type Kind = PredictionKindSpec<ModelTypes['event'], ModelTypes['meta'], ModelTypes['frame']>;

/** The session's run as a question reads it: its log, explored further on demand. */
function runOf(session: Session): PredictionRun<ModelTypes['event'], ModelTypes['meta']> {
  const tl = session.timeline;
  return {
    meta: session.meta,
    log: tl.log as PredictionLog<ModelTypes['event']>,
    get explored() {
      return tl.explored;
    },
    exploreMore() {
      if (tl.explored >= tl.lastCycle) return false;
      tl.exploreTo(Math.min(tl.explored + EXPLORE_CHUNK, tl.lastCycle));
      return true;
    },
  };
}

const kindsOf = (model: string): readonly Kind[] => faceOf(model).predictions;

/** The kinds a model supports, with their menu titles. */
export function predictionKindsFor(model: ModelKind): { kind: PredictionKind; title: string }[] {
  return kindsOf(model).map((k) => ({ kind: k.name, title: k.title }));
}

function factsText(facts: PredictionTarget): string {
  return Object.entries(facts)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
}

/**
 * The question about the next checkable step after the session's current cycle, among `kinds`
 * (default: every kind of the session's model), narrowed by `target`; null when nothing after
 * this cycle can be asked about. Explores ahead as needed; the session stays at its cycle.
 */
export function predictionAt(
  session: Session,
  kinds?: readonly PredictionKind[],
  target: PredictionTarget = {},
): PredictionQuestion | null {
  const run = runOf(session);
  const cycle = session.cycle;
  // In the order asked for (the first of several kinds asking about one event wins).
  const own = kindsOf(session.meta.model);
  const allowed = kinds ? kinds.flatMap((name) => own.filter((k) => k.name === name)) : own;
  let best: { kind: Kind; found: Found<ModelTypes['event']> } | null = null;
  for (const kind of allowed) {
    const found = kind.find(run, cycle, target);
    if (found && (!best || found.event.seq < best.found.event.seq)) best = { kind, found };
  }
  if (!best) return null;
  const frame = session.sim.frame();
  const asked = best.kind.ask(run, cycle, best.found, frame);
  return {
    id: `${best.kind.name}@${cycle}:${factsText(best.found.facts)}`,
    kind: best.kind.name,
    cycle,
    prompt: asked.prompt,
    options: asked.options,
    facts: { ...best.found.facts },
    panels: [...best.kind.panels],
  };
}

/**
 * The outcome of a question, found again by simulation from its cycle and facts; null when the
 * session's run has no such step (the question was made for another scenario).
 */
export function revealPrediction(
  session: Session,
  question: Pick<PredictionQuestion, 'kind' | 'cycle' | 'facts' | 'options' | 'prompt'>,
): PredictionOutcome | null {
  const spec = kindsOf(session.meta.model).find((k) => k.name === question.kind);
  if (!spec) return null;
  const run = runOf(session);
  const found = spec.find(run, question.cycle, question.facts);
  if (!found) return null;
  const { text, rules } = spec.explain(run, found);
  const label = question.options.find((o) => o.value === found.value)?.label ?? found.value;
  return {
    question: question.prompt,
    value: found.value,
    label,
    cycle: found.shownAt,
    explanation: text,
    rules,
    events: found.deciding as SimEvent[],
  };
}

/** Checks a student's choice against the simulator and explains the outcome. */
export function checkPrediction(
  session: Session,
  question: Pick<PredictionQuestion, 'kind' | 'cycle' | 'facts' | 'options' | 'prompt'>,
  value: string,
): PredictionCheck | null {
  const outcome = revealPrediction(session, question);
  if (!outcome) return null;
  return { ...outcome, correct: value === outcome.value, given: value };
}
