/**
 * A quiet stretch as a message network and the stall watchdog bound it, for a model that skips its
 * quiet cycles (sim-core/ni/cni/cni-quiet.ts, sim-core/ni/edt/edt-quiet.ts): nothing may arrive
 * during it, and the watchdog's stall report, being an event, may not fall inside it.
 */
import { quietAfterCycles, stallFreeThrough } from '../kernel/watchdog';
import type { MessageNetwork } from './message-network';
import type { MessageNetworkState } from './networks';

type Network = MessageNetwork<MessageNetworkState>;

/** The last cycle before the network's next arrival and the watchdog's report (a network with a `nextDue`). */
export function networkQuietThrough(
  network: Network,
  net: MessageNetworkState,
  now: number,
  quiet: number,
  quietLimit: number,
): number {
  const moving = network.inTransit(net).length > 0;
  return Math.min(network.nextDue!(net) - 1, stallFreeThrough(now, quiet, quietLimit, moving));
}

/** The watchdog's quiet count after a skip: nothing outstanding arrives, so a message on its way is progress. */
export const quietAfterSkip = (
  network: Network,
  net: MessageNetworkState,
  quiet: number,
  cycles: number,
): number => quietAfterCycles(quiet, network.inTransit(net).length > 0, cycles);
