/**
 * The coherent NIs' network for a run (sim-core/net/): the paper's 100-cycle pipe with its window
 * of four [000 L794-800], the zero network, or the message bench's common torus, which runs at
 * its own 100 MHz under the model's 5-ns cycles of the 200 MHz processor [000 L733-751].
 */
import { networkOf } from '../../net/networks';
import type { CniConfig } from './cni-config';

/** The model's cycle, the 200 MHz processor's [000 L733-751]. */
export const CNI_NS_PER_CYCLE = 5;

export const cniNetwork = (cfg: CniConfig) =>
  networkOf(cfg.network, {
    nodes: cfg.nodes,
    nsPerCycle: CNI_NS_PER_CYCLE,
    seed: cfg.seed,
    stallWatchdog: cfg.stallWatchdog,
    checkInvariants: cfg.checkInvariants,
  });
