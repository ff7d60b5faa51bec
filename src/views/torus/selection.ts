/**
 * The network views' view of the store: the network frame, the followed packet and router, a
 * delivered packet's trail, the topology and the watchdog's latest stall.
 */
import { faceOf, type NetworkFrame, type RouterKind, type SimEvent } from '../../../sim-core/index';
import { uiOf } from '../../models/index';
import type { PacketView } from '../../../sim-core/network/network-frame';
import { neighbour, type Dir, type Topology } from '../../../sim-core/network/topology';
import { useMemo } from 'react';
import { useLogQuery } from '../../state/log-query';
import { actions, useApp, type AppState } from '../../state/store';

export const selectPacket = (id: number) => actions.select({ kind: 'packet', packet: id });
export const selectRouter = (id: number) => actions.select({ kind: 'router', router: id });
export const clearSelection = () => actions.select(null);

/** The model's capability to carry a torus, if the loaded model has one. */
const torusOf = (model: string) => faceOf(model).capabilities.torus;

/**
 * The followed torus packet: the one selected, or the torus packet of a selected packet of the
 * model's own (a Cranium packet).
 */
export function useSelectedPacket(): number | null {
  return useApp((s) => {
    if (s.selection?.kind === 'packet') return s.selection.packet;
    if (!s.selection || !s.view) return null;
    return uiOf(s.view.frame.model).torusPackets?.followed(s.selection, s.view.frame) ?? null;
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

/** The trail of a model's own packet (it keeps its path in its frame), or undefined: none such. */
function ownTrail(s: AppState): PacketTrail | null | undefined {
  if (!s.view || !s.selection) return undefined;
  return uiOf(s.view.frame.model).torusPackets?.trail(s.selection, s.view.frame);
}

/** The selected plain torus packet, whose path comes from the log. */
function plainPacket(s: AppState): number | null {
  if (!s.view || !s.meta || s.selection?.kind !== 'packet') return null;
  if (uiOf(s.view.frame.model).torusPackets || !torusOf(s.meta.model)) return null;
  return s.selection.packet;
}

/**
 * The packet behind the selection, once delivered. A model whose packets keep their path in the
 * frame (the Cranium NI's) says so; a plain torus packet's path comes from its events in the log.
 */
export function useSelectedTrail(): PacketTrail | null {
  const own = useApp(ownTrail);
  const packet = useApp(plainPacket);
  const topology = useTopology();
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const events = useLogQuery(packet === null ? null : { kind: 'packetEvents', packet });
  const trail = useMemo(
    () => (events && topology && packet !== null ? trailFromLog(events, packet, topology) : null),
    [events, topology, packet],
  );
  if (own !== undefined) return own;
  return trail && cycle >= trail.deliveredAt ? trail : null;
}

/** The topology of the loaded model's torus, if it has one. */
export function useTopology(): Topology | null {
  return useApp((s) => (s.meta ? (torusOf(s.meta.model)?.meta(s.meta).topology ?? null) : null));
}

export type StallEvent = Extract<SimEvent, { kind: 'net.stall' }>;

/** The torus watchdog's latest stall at or before the current cycle: a deadlock stays one. */
function latestStall(s: AppState): StallEvent | null {
  const cycle = s.view?.cycle ?? -1;
  const stalls = s.stalls;
  for (let i = stalls.length - 1; i >= 0; i--) {
    const e = stalls[i]!;
    if (e.kind === 'net.stall' && e.cycle <= cycle) return e;
  }
  return null;
}

export function useStall(): StallEvent | null {
  return useApp(latestStall);
}

export function useSelectedRouter(): number | null {
  return useApp((s) => (s.selection?.kind === 'router' ? s.selection.router : null));
}

/** The torus in the current frame, if the loaded model has one. */
export function useNetworkFrame(): NetworkFrame | null {
  return useApp((s) =>
    s.view ? (torusOf(s.view.frame.model)?.frame(s.view.frame) ?? null) : null,
  );
}

/** Phits per packet of the loaded model's torus (the schema turned "chaos"/"cranium" into numbers). */
export function useScenarioPacketPhits(): number | null {
  return useApp((s) => (s.meta ? (torusOf(s.meta.model)?.meta(s.meta).packetPhits ?? null) : null));
}

/** The routing function of the loaded model's torus (a key of the routing registry), if any. */
export function useRouterKind(): RouterKind | null {
  return useApp((s) =>
    s.meta
      ? ((torusOf(s.meta.model)?.meta(s.meta).router as RouterKind | undefined) ?? null)
      : null,
  );
}
