/**
 * Every event kind's vocabulary, gathered once from the common one and the models' faces (each
 * model's folder brings its own; a vocabulary two models share, the torus's, is counted once). Two
 * vocabularies may not both claim a kind.
 */
import { ALL_FACES } from '../faces';
import type { EventVocabulary } from '../model';
import type { ModelMeta } from '../models';
import { commonVocabulary } from './common-narrate';

export type AnyVocabulary = EventVocabulary<never, ModelMeta>;

export const VOCABULARIES: readonly AnyVocabulary[] = [
  ...new Set([commonVocabulary, ...ALL_FACES.flatMap((m) => m.vocabularies)]),
];

const OF_KIND = new Map<string, AnyVocabulary>();
for (const vocabulary of VOCABULARIES) {
  for (const kind of Object.keys(vocabulary.narration)) {
    if (OF_KIND.has(kind)) throw new Error(`two vocabularies tell the event kind ${kind}`);
    OF_KIND.set(kind, vocabulary);
  }
}

/** The vocabulary of an event kind. */
export function vocabularyOf(kind: string): AnyVocabulary {
  const vocabulary = OF_KIND.get(kind);
  if (!vocabulary) throw new Error(`no vocabulary tells the event kind ${kind}`);
  return vocabulary;
}

/** A per-kind entry of a vocabulary's table, for an event of that kind. */
export const entryFor = <R>(
  table: Readonly<Record<string, unknown>> | undefined,
  kind: string,
): R | undefined => table?.[kind] as R | undefined;
