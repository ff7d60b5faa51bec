/**
 * The no-delay network of seed 002 (EDT): "our simulation results are based on a no-delay network
 * model" and exclude MAC, physical layer and network transfer time [002 L183, L194]. A message
 * injected in a cycle reaches its node at the end of that cycle, with no window to wait for; the
 * state is the pipe's (messages on their way), so a model can switch between the two.
 */
import type { MessageNetwork } from './message-network';
import { firstArrival, type NetworkPipe } from './pipe';

export const zero: MessageNetwork<NetworkPipe> = {
  initial: () => ({ inFlight: [], acks: [], window: {} }),
  canInject: () => true,
  inject(net, _p, now, msg) {
    net.inFlight.push({ msg, arrivesAt: now });
  },
  arriveFromOutside(net, msg, at) {
    net.inFlight.push({ msg, arrivesAt: at });
  },
  acknowledge() {},
  deliverDue(net, now) {
    const arriving = net.inFlight.filter((f) => f.arrivesAt <= now);
    if (arriving.length) net.inFlight = net.inFlight.filter((f) => f.arrivesAt > now);
    return arriving.map((f) => f.msg);
  },
  nextDue: firstArrival,
  inTransit: (net) => net.inFlight,
};
