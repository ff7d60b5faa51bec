/** The bus model's frame and description in the store, or null while another model is loaded. */
import type { BusFrame, BusMeta } from '../../../sim-core/index';
import type { AppState } from '../../state/store';
import { busModel } from '../../../sim-core/bus/module';

export const busFrame = (s: AppState): BusFrame | null =>
  s.view?.frame.model === busModel.kind ? s.view.frame : null;
export const busMeta = (s: AppState): BusMeta | null =>
  s.meta?.model === busModel.kind ? s.meta : null;
