/**
 * The EDT machine's network for a run (sim-core/net/): the paper's no-delay network [002 L183],
 * a pipe, or the message bench's common torus, which runs at its own 100 MHz under the model's
 * 1-ns cycles of the 1 GHz host [002 L172]. Two hosts [002 L185].
 */
import { networkOf } from '../../net/networks';
import type { EdtConfig } from './edt-config';

/** The model's cycle, the 1 GHz host's [002 L172]. */
export const EDT_NS_PER_CYCLE = 1;

export const edtNetwork = (cfg: EdtConfig) =>
  networkOf(cfg.network, {
    nodes: 2,
    nsPerCycle: EDT_NS_PER_CYCLE,
    seed: cfg.seed,
    stallWatchdog: cfg.stallWatchdog,
    checkInvariants: cfg.checkInvariants,
  });
