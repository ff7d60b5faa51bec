/**
 * The names a scenario may use that the models bring — lecture topics, panels, prediction kinds —
 * gathered from their faces in list order (a name two models share appears once).
 */
import { ALL_FACES } from '../faces';
import type { Topic } from '../model';

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/** A non-empty list of names, as `z.enum` takes it. */
type Names = readonly [string, ...string[]];

/** The lecture topics with their headings, in teaching order (the start page's groups). */
export const TOPICS: readonly Topic[] = ALL_FACES.flatMap((m) => m.topics);
export const TOPIC_NAMES = TOPICS.map((t) => t.name) as unknown as Names;

/** Every panel a scenario may open (`views`), in the order the app lists them. */
export const VIEW_NAMES = unique(ALL_FACES.flatMap((m) => m.views)) as unknown as Names;
export type ViewName = string;

/** The panels a scenario opens when it names none, by model. */
export const DEFAULT_VIEWS: Readonly<Record<string, readonly ViewName[]>> = Object.fromEntries(
  ALL_FACES.map((m) => [m.kind, m.defaultViews]),
);

/** Every kind of predict-then-see question, in the order ties are broken. */
export const PREDICTION_KIND_NAMES = unique(
  ALL_FACES.flatMap((m) => m.predictions.map((p) => p.name)),
) as unknown as Names;
export type PredictionKind = string;
