/**
 * One-line narration of a cycle, generated from the events (and so from the protocol cells that
 * fired), e.g. "P1 store 0x40 misses → RDX; P0's copy M→I, P0 supplies the block (42 cycles)".
 * Used by the narration bar, the screen-reader live region and the CLI. The words come from the
 * models' vocabularies (each model's folder); this file only puts them together.
 */
import { faceOf } from '../faces';
import type { Frame, ModelMeta } from '../models';
import type { SimEvent } from './events';
import { VOCABULARIES, entryFor, vocabularyOf } from './vocabulary';

type Sentence = (e: SimEvent, meta: ModelMeta) => string | null;

export function describeEvent(e: SimEvent, meta: ModelMeta): string | null {
  return entryFor<Sentence>(vocabularyOf(e.kind).narration, e.kind)!(e, meta);
}

export function narrate(events: readonly SimEvent[], meta: ModelMeta): string {
  const lines = events.map((e) => describeEvent(e, meta)).filter((s): s is string => s !== null);
  return lines.join('. ');
}

/**
 * The narration of one cycle of any model. The model may set some events aside (told as one
 * sentence); a vocabulary whose events outnumber its `busy.over` is told in numbers (a busy
 * torus), every other event in full; a cycle with nothing to tell says what is going on.
 */
export function narrateCycle(events: readonly SimEvent[], frame: Frame, meta: ModelMeta): string {
  const face = faceOf(frame.model);
  const { told, aside } = face.foreground?.(events, frame) ?? { told: events, aside: null };
  const tell = (list: readonly { kind: string }[]) => narrate(list as readonly SimEvent[], meta);
  let story: string | null = null;
  for (const vocabulary of VOCABULARIES) {
    if (!vocabulary.busy) continue;
    const mine = told.filter((e) => vocabularyOf(e.kind) === vocabulary);
    if (mine.length <= vocabulary.busy.over) continue;
    const others = told.filter((e) => vocabularyOf(e.kind) !== vocabulary);
    const othersStory = tell(others);
    const pieces = vocabulary.busy.summarise(mine as never[], tell);
    story = `${[...(othersStory ? [othersStory] : []), ...pieces].join('. ')}.`;
    break;
  }
  story ??= tell(told) || face.quiet(frame, meta);
  return aside === null ? story : `${story.replace(/\.$/, '')}. ${aside}`;
}

/** What is going on in a cycle where nothing new happens, so the narration never goes blank. */
export function narrateQuiet(frame: Frame, meta: ModelMeta): string {
  return faceOf(frame.model).quiet(frame, meta);
}
