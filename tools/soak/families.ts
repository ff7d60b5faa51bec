/**
 * The soak registry: one entry per model family, in teaching order (tools/soak/family.ts says
 * what an entry brings). A new model adds its file here and one line below.
 */
import { busSoak } from './bus';
import { cniSoak } from './cni';
import { craniumSoak } from './cranium';
import { edtSoak } from './edt';
import { erase, type AnySoakFamily } from './family';
import { flashSoak } from './flash';
import { fuguSoak } from './fugu';
import { torusSoak } from './torus';

export const SOAK_FAMILIES: readonly AnySoakFamily[] = [
  erase(busSoak),
  erase(cniSoak),
  erase(torusSoak),
  erase(craniumSoak),
  erase(edtSoak),
  erase(flashSoak),
  erase(fuguSoak),
];
