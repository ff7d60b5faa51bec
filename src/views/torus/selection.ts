/**
 * The network views' bridge to the store. The store's Selection union and Frame type do not yet
 * know packets, routers or the network frame, so the casts live here, in one place, for the lead
 * to delete once they do.
 */
import type { NetworkFrame } from '../../../sim-core/network/network-frame';
import { actions, useApp, type Selection } from '../../state/store';

export const selectPacket = (id: number) =>
  actions.select({ kind: 'packet', packet: id } as unknown as Selection);

export const selectRouter = (id: number) =>
  actions.select({ kind: 'router', router: id } as unknown as Selection);

export const clearSelection = () => actions.select(null);

type Loose = { kind?: unknown; packet?: unknown; router?: unknown } | null;

export function useSelectedPacket(): number | null {
  return useApp((s) => {
    const sel = s.selection as unknown as Loose;
    return sel?.kind === 'packet' && typeof sel.packet === 'number' ? sel.packet : null;
  });
}

export function useSelectedRouter(): number | null {
  return useApp((s) => {
    const sel = s.selection as unknown as Loose;
    return sel?.kind === 'router' && typeof sel.router === 'number' ? sel.router : null;
  });
}

/** The current frame if it is the network model's, else null. */
export function useNetworkFrame(): NetworkFrame | null {
  const frame = useApp((s) => s.view?.frame) as unknown as { model?: unknown } | undefined;
  return frame?.model === 'network' ? (frame as unknown as NetworkFrame) : null;
}

/** The named packet lengths a scenario may use instead of a number (thesis and Cranium). */
const NAMED_PHITS: Record<string, number> = { chaos: 20, cranium: 11 };

/** Phits per packet from the scenario, if it says (system.packetPhits: a number or a name). */
export function useScenarioPacketPhits(): number | null {
  return useApp((s) => {
    const system = (s.scenario as unknown as { system?: { packetPhits?: unknown } } | null)?.system;
    const phits = system?.packetPhits;
    if (typeof phits === 'number') return phits;
    return typeof phits === 'string' ? (NAMED_PHITS[phits] ?? null) : null;
  });
}
