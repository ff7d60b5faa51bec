/**
 * FUGU's main network for a run (sim-core/net/): T2, a fixed wire delay with one lumped buffer at
 * each receiver [004 L1187] (a pipe; its delay is a [default]: the seed gives no number), or the
 * message bench's common torus, which runs at its own 100 MHz under the model's 50-ns cycles of
 * the 20 MHz Alewife chipset [004 L1165], the lumped buffer kept as its end-to-end window. The
 * words each names its crossing with, in the phase ledger.
 */
import type { NetworkKind } from '../../net/networks';
import { networkOf } from '../../net/networks';
import type { FuguConfig } from './fugu-config';

/** The model's cycle, the Alewife chipset's 20 MHz [004 L1165]. */
export const FUGU_NS_PER_CYCLE = 50;

export const fuguNetwork = (cfg: FuguConfig) =>
  networkOf(cfg.network, {
    nodes: cfg.nodes,
    nsPerCycle: FUGU_NS_PER_CYCLE,
    seed: cfg.seed,
    stallWatchdog: cfg.stallWatchdog,
    checkInvariants: cfg.checkInvariants,
  });

/** A message's crossing in the phase ledger: what it is called and where its time comes from. */
export const CROSSING: Readonly<Record<NetworkKind, { name: string; source: string }>> = {
  pipe: { name: 'T2 network', source: 'default wire delay; lumped receiver buffer [004 L1187]' },
  zero: { name: 'a no-delay network', source: 'sim-core/net/zero.ts' },
  torus: {
    name: 'the common torus',
    source:
      "Cranium's 16×16 torus (sim-core/net/common-torus.ts); lumped receiver buffer [004 L1187]",
  },
};
