/**
 * The models' faces, one line each, in the order of models.ts: what the page needs of a model
 * without running it (model.ts, `ModelFace`). The page's lookups — topics and panels
 * (scenario/names.ts), the words for events (trace/vocabulary.ts), the questions — derive from
 * this list, so the page carries no simulator; models.ts lists the whole modules, and
 * tests/unit/model-sockets.test.ts checks that the two lists agree.
 */
import { benchFace } from './bench/bench-face';
import { busFace } from './bus/bus-face';
import type { ModelFace, ModelTypes } from './model';
import { networkFace } from './network/network-face';
import { cniFace } from './ni/cni/cni-face';
import { craniumFace } from './ni/cranium/cranium-face';
import { edtFace } from './ni/edt/edt-face';
import { flashFace } from './ni/flash/flash-face';
import { fuguFace } from './ni/fugu/fugu-face';

export const FACES = [
  busFace,
  cniFace,
  networkFace,
  craniumFace,
  edtFace,
  flashFace,
  fuguFace,
  benchFace,
] as const;

/** A model's face with its types erased, as the lookups below hand it out. */
export type SomeFace = ModelFace<ModelTypes>;

const BY_KIND: ReadonlyMap<string, SomeFace> = new Map(
  FACES.map((f): [string, SomeFace] => [f.kind, f as unknown as SomeFace]),
);

/** The face of a model kind (a frame's or meta's `model`, a scenario's `system.kind`). */
export function faceOf(kind: string): SomeFace {
  const face = BY_KIND.get(kind);
  if (!face) throw new Error(`no model "${kind}"`);
  return face;
}

/** Every face, types erased, in list order. */
export const ALL_FACES: readonly SomeFace[] = [...BY_KIND.values()];
