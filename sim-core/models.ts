/**
 * The models NI Lab runs, one line each, in teaching order. Everything that depends on which models exist — the
 * scenario format, the simulator factory, the event union and its narration, the prediction
 * kinds, the lecture topics, the panels — is derived from this list; adding a model is a new
 * folder with its module and one line here (docs/architecture.md, "Adding a model").
 */
import { benchModel } from './bench/module';
import { busModel } from './bus/module';
import type { ModelModule, ModelTypes } from './model';
import { networkModel } from './network/module';
import { cniModel } from './ni/cni/module';
import { craniumModel } from './ni/cranium/module';
import { edtModel } from './ni/edt/module';
import { flashModel } from './ni/flash/module';
import { fuguModel } from './ni/fugu/module';

export const MODELS = [
  busModel,
  cniModel,
  networkModel,
  craniumModel,
  edtModel,
  flashModel,
  fuguModel,
  benchModel,
] as const;

type TypesOf<M> = M extends ModelModule<infer T> ? T : never;
/** Every model's types, as a union (one member per model). */
export type AnyModelTypes = TypesOf<(typeof MODELS)[number]>;

export type ModelKind = AnyModelTypes['kind'];
export type Frame = AnyModelTypes['frame'];
export type Stats = AnyModelTypes['stats'];
export type ModelMeta = AnyModelTypes['meta'];
/** Every event any model emits, without its cycle/seq stamp. */
export type SimEventBody = AnyModelTypes['event'];
export type SimSnapshot = AnyModelTypes extends infer T
  ? T extends ModelTypes
    ? { model: T['kind']; state: T['instance']['state'] }
    : never
  : never;

/** A model's module with its types erased, as the lookups below hand it out. */
export type SomeModel = ModelModule<ModelTypes>;

const BY_KIND: ReadonlyMap<string, SomeModel> = new Map(
  MODELS.map((m): [string, SomeModel] => [m.kind, m as unknown as SomeModel]),
);

/** The module of a model kind (a frame's or meta's `model`, a scenario's `system.kind`). */
export function moduleOf(kind: string): SomeModel {
  const module = BY_KIND.get(kind);
  if (!module) throw new Error(`no model "${kind}"`);
  return module;
}

/** Every module, types erased, in list order. */
export const ALL_MODELS: readonly SomeModel[] = [...BY_KIND.values()];
