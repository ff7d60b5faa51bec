/**
 * The network views' view of the store: the network frame, the followed packet and router, a
 * delivered packet's trail, the topology and the watchdog's latest stall.
 */
import { faceOf, type NetworkFrame, type RouterKind, type SimEvent } from '../../../sim-core/index';
import { uiOf } from '../../models/index';
import type { PacketView } from '../../../sim-core/network/network-frame';
import { neighbour, type Dir, type Topology } from '../../../sim-core/network/topology';
import { cachedBy } from '../../state/memo';
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

/** Trails worked out, per log and packet: the selector returns the same object while nothing changes. */
const trailsOf = cachedBy((log: readonly SimEvent[]) => {
  const trails = new Map<number, PacketTrail | null>();
  return (packet: number, topology: Topology): PacketTrail | null => {
    if (!trails.has(packet)) trails.set(packet, trailFromLog(log, packet, topology));
    return trails.get(packet)!;
  };
});

/**
 * The packet behind the selection, once delivered. A model whose packets keep their path in the
 * frame (the Cranium NI's) says so; a plain torus packet's path comes from the log.
 */
function selectedTrail(s: AppState): PacketTrail | null {
  const sel = s.selection;
  if (!s.view || !s.meta || !sel) return null;
  const own = uiOf(s.view.frame.model).torusPackets;
  if (own) return own.trail(sel, s.view.frame);
  const torus = torusOf(s.meta.model);
  if (!torus || sel.kind !== 'packet') return null;
  const trail = trailsOf(s.log)(sel.packet, torus.meta(s.meta).topology);
  return trail && s.view.cycle >= trail.deliveredAt ? trail : null;
}

export function useSelectedTrail(): PacketTrail | null {
  return useApp(selectedTrail);
}

/** The topology of the loaded model's torus, if it has one. */
export function useTopology(): Topology | null {
  return useApp((s) => (s.meta ? (torusOf(s.meta.model)?.meta(s.meta).topology ?? null) : null));
}

export type StallEvent = Extract<SimEvent, { kind: 'net.stall' }>;

/** The run's stalls, found once per log (the selector runs on every frame while playing). */
const stallsOf = cachedBy((log: readonly SimEvent[]) =>
  log.filter((e): e is StallEvent => e.kind === 'net.stall'),
);

/** The watchdog's latest stall at or before the current cycle: a deadlock stays one. */
function latestStall(s: AppState): StallEvent | null {
  const cycle = s.view?.cycle ?? -1;
  const stalls = stallsOf(s.log);
  for (let i = stalls.length - 1; i >= 0; i--) if (stalls[i]!.cycle <= cycle) return stalls[i]!;
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
