/**
 * The network views' view of the store: the network frame, the followed packet and router, a
 * delivered packet's trail, the topology and the watchdog's latest stall.
 */
import type { NetworkFrame, SimEvent } from '../../../sim-core/index';
import type { PacketView } from '../../../sim-core/network/network-frame';
import { neighbour, type Dir, type Topology } from '../../../sim-core/network/topology';
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

/** A delivered packet's whole path: drawn and listed after it has left the network. */
export interface PacketTrail extends Pick<PacketView, 'path' | 'derouted' | 'dst'> {
  deliveredAt: number;
}

/**
 * A network-model packet's trail, read from the whole run's event log (the frame forgets a packet
 * once delivered): its injection router, then one router per net.route hop, marked derouted as the
 * model marks it (a deroute, a deflection, or an exchange out of an unprofitable port).
 */
export function trailFromLog(
  log: readonly SimEvent[],
  packet: number,
  topology: Topology,
): PacketTrail | null {
  const path: number[] = [];
  const derouted: boolean[] = [];
  for (const e of log) {
    if (e.kind === 'net.inject' && e.packet === packet) path.push(e.router);
    else if (e.kind === 'net.route' && e.packet === packet && e.to !== 'P') {
      const next = neighbour(topology, e.router, e.to as Dir);
      if (next === null) return null;
      path.push(next);
      derouted.push(
        e.reason === 'deroute' ||
          e.reason === 'deflect' ||
          (e.reason === 'exchange' && !e.profitable.includes(e.to)),
      );
    } else if (e.kind === 'net.deliver' && e.packet === packet)
      return path.length > 0 ? { path, derouted, dst: e.node, deliveredAt: e.cycle } : null;
  }
  return null;
}

/** The last log trail worked out: the selector must return the same object while nothing changes. */
let logTrail: { log: readonly SimEvent[]; packet: number; trail: PacketTrail | null } | null = null;

/**
 * The packet behind the selection, once delivered. A Cranium packet (chosen as one, or as its
 * network packet) keeps its path in the frame; a network-model packet's comes from the log.
 */
function selectedTrail(s: AppState): PacketTrail | null {
  const sel = s.selection;
  if (s.view?.frame.model === 'network' && sel?.kind === 'packet' && s.meta?.model === 'network') {
    if (logTrail?.log !== s.log || logTrail.packet !== sel.packet)
      logTrail = {
        log: s.log,
        packet: sel.packet,
        trail: trailFromLog(s.log, sel.packet, s.meta.topology),
      };
    const trail = logTrail.trail;
    return trail && s.view.cycle >= trail.deliveredAt ? trail : null;
  }
  if (s.view?.frame.model !== 'cranium' || !sel) return null;
  const p =
    sel.kind === 'crPacket'
      ? s.view.frame.packets.find((q) => q.id === sel.packet)
      : sel.kind === 'packet'
        ? s.view.frame.packets.find((q) => q.netId === sel.packet)
        : undefined;
  return p && p.deliveredAt >= 0 && p.path.length > 0 ? p : null;
}

export function useSelectedTrail(): PacketTrail | null {
  return useApp(selectedTrail);
}

/** The topology of the loaded network (or the torus under the Cranium NIs). */
export function useTopology(): Topology | null {
  return useApp((s) =>
    s.meta?.model === 'network' || s.meta?.model === 'cranium' ? s.meta.topology : null,
  );
}

export type StallEvent = Extract<SimEvent, { kind: 'net.stall' }>;

/** The run's stalls, found once per log (the selector runs on every frame while playing). */
let stallMemo: { log: readonly SimEvent[]; stalls: StallEvent[] } | null = null;

/** The watchdog's latest stall at or before the current cycle: a deadlock stays one. */
function latestStall(s: AppState): StallEvent | null {
  if (stallMemo?.log !== s.log)
    stallMemo = {
      log: s.log,
      stalls: s.log.filter((e): e is StallEvent => e.kind === 'net.stall'),
    };
  const cycle = s.view?.cycle ?? -1;
  const { stalls } = stallMemo;
  for (let i = stalls.length - 1; i >= 0; i--) if (stalls[i]!.cycle <= cycle) return stalls[i]!;
  return null;
}

export function useStall(): StallEvent | null {
  return useApp(latestStall);
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
