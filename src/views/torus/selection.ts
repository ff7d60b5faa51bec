/** The network views' view of the store: the network frame, the followed packet and router. */
import type { NetworkFrame } from '../../../sim-core/index';
import type { CraniumPacketView } from '../../../sim-core/ni/cranium/cranium-frame';
import { actions, useApp, type AppState } from '../../state/store';

export const selectPacket = (id: number) => actions.select({ kind: 'packet', packet: id });
export const selectRouter = (id: number) => actions.select({ kind: 'router', router: id });
export const clearSelection = () => actions.select(null);

/** The followed network packet: the one selected, or the network packet of a selected Cranium packet. */
export function useSelectedPacket(): number | null {
  return useApp((s) => {
    if (s.selection?.kind === 'packet') return s.selection.packet;
    if (s.selection?.kind !== 'crPacket' || s.view?.frame.model !== 'cranium') return null;
    const id = s.selection.packet;
    const netId = s.view.frame.packets.find((p) => p.id === id)?.netId ?? -1;
    return netId >= 0 ? netId : null;
  });
}

/**
 * The Cranium packet behind the selection (chosen as a Cranium packet, or as its network packet),
 * once delivered: its whole path stays drawn after it has left the network.
 */
function selectedTrail(s: AppState): CraniumPacketView | null {
  const sel = s.selection;
  if (s.view?.frame.model !== 'cranium' || !sel) return null;
  const p =
    sel.kind === 'crPacket'
      ? s.view.frame.packets.find((q) => q.id === sel.packet)
      : sel.kind === 'packet'
        ? s.view.frame.packets.find((q) => q.netId === sel.packet)
        : undefined;
  return p && p.deliveredAt >= 0 && p.path.length > 0 ? p : null;
}

export function useSelectedTrail(): CraniumPacketView | null {
  return useApp(selectedTrail);
}

export function useSelectedRouter(): number | null {
  return useApp((s) => (s.selection?.kind === 'router' ? s.selection.router : null));
}

/** The current frame if it is the network model's (or the torus under the Cranium NIs), else null. */
export function useNetworkFrame(): NetworkFrame | null {
  return useApp((s) =>
    s.view?.frame.model === 'network'
      ? s.view.frame
      : s.view?.frame.model === 'cranium'
        ? s.view.frame.network
        : null,
  );
}

/** Phits per packet (the schema has already turned "chaos"/"cranium" into numbers). */
export function useScenarioPacketPhits(): number | null {
  return useApp((s) =>
    s.meta?.model === 'network' || s.meta?.model === 'cranium' ? s.meta.packetPhits : null,
  );
}
