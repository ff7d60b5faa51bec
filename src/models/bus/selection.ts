/** The bus model's frame and description in the store, or null while another model is loaded. */
import type { BusFrame, BusMeta } from '../../../sim-core/index';
import type { AppState } from '../../state/store';
import { busFace } from '../../../sim-core/bus/bus-face';

export const busFrame = (s: AppState): BusFrame | null =>
  s.view?.frame.model === busFace.kind ? s.view.frame : null;
export const busMeta = (s: AppState): BusMeta | null =>
  s.meta?.model === busFace.kind ? s.meta : null;
