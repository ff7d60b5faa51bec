/** The network views' view of the store: the network frame, the followed packet and router. */
import type { NetworkFrame } from '../../../sim-core/index';
import { actions, useApp } from '../../state/store';

export const selectPacket = (id: number) => actions.select({ kind: 'packet', packet: id });
export const selectRouter = (id: number) => actions.select({ kind: 'router', router: id });
export const clearSelection = () => actions.select(null);

export function useSelectedPacket(): number | null {
  return useApp((s) => (s.selection?.kind === 'packet' ? s.selection.packet : null));
}

export function useSelectedRouter(): number | null {
  return useApp((s) => (s.selection?.kind === 'router' ? s.selection.router : null));
}

/** The current frame if it is the network model's, else null. */
export function useNetworkFrame(): NetworkFrame | null {
  return useApp((s) => (s.view?.frame.model === 'network' ? s.view.frame : null));
}

/** Phits per packet (the schema has already turned "chaos"/"cranium" into numbers). */
export function useScenarioPacketPhits(): number | null {
  return useApp((s) => (s.meta?.model === 'network' ? s.meta.packetPhits : null));
}
