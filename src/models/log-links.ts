/**
 * The models' log links, one line each, in the order of sim-core/models.ts: what the worker's
 * event log rows need of a model (which events are about a selection, which torus packets are its
 * own) without the page tables and their panels. Each model's page table carries the same object.
 */
import type { ModelMeta } from '../../sim-core/index';
import { benchLogLinks } from './bench/log-links';
import { busLogLinks } from './bus/log-links';
import { cniLogLinks } from './cni/log-links';
import { craniumLogLinks } from './cranium/log-links';
import { edtLogLinks } from './edt/log-links';
import { flashLogLinks } from './flash/log-links';
import { fuguLogLinks } from './fugu/log-links';
import type { LogLinks } from './model-ui';
import { networkLogLinks } from './network/log-links';

const LOG_LINKS: Readonly<Record<string, LogLinks<never>>> = {
  bus: busLogLinks,
  cni: cniLogLinks,
  network: networkLogLinks,
  cranium: craniumLogLinks,
  edt: edtLogLinks,
  flash: flashLogLinks,
  fugu: fuguLogLinks,
  bench: benchLogLinks,
};

/** A model's log links with their meta's type erased. */
export function logLinksOf(model: string): LogLinks<ModelMeta> {
  const links = LOG_LINKS[model];
  if (!links) throw new Error(`no log links for model "${model}"`);
  return links as unknown as LogLinks<ModelMeta>;
}
