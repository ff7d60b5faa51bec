/**
 * The models' page tables, one line each, in the order of sim-core/models.ts. A test checks that
 * every sim-core model has its table here.
 */
import type { ModelTypes } from '../../sim-core/model';
import { benchUi } from './bench/ui';
import { busUi } from './bus/ui';
import { cniUi } from './cni/ui';
import { craniumUi } from './cranium/ui';
import { edtUi } from './edt/ui';
import { flashUi } from './flash/ui';
import { fuguUi } from './fugu/ui';
import type { ModelUi } from './model-ui';
import { networkUi } from './network/ui';

export const MODEL_UIS = [
  busUi,
  cniUi,
  networkUi,
  craniumUi,
  edtUi,
  flashUi,
  fuguUi,
  benchUi,
] as const;

/** A model's page table with its types erased, as the shared panels read it. */
export type SomeModelUi = ModelUi<ModelTypes>;

const BY_KIND: ReadonlyMap<string, SomeModelUi> = new Map(
  MODEL_UIS.map((ui): [string, SomeModelUi] => [ui.kind, ui as unknown as SomeModelUi]),
);

export function uiOf(kind: string): SomeModelUi {
  const ui = BY_KIND.get(kind);
  if (!ui) throw new Error(`no page table for model "${kind}"`);
  return ui;
}
