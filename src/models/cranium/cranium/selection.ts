/**
 * The Cranium views' view of the store: the frame and description, which node the NI panel shows
 * (by default the first node that receives: a recv or a queue poll in its program), the selected
 * Cranium packet (picked here, or followed on the torus as its network packet) and the event log
 * indexed for the timeline and the packet card.
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import type { ModelMeta, Scenario } from '../../../../sim-core/index';
import type {
  CraniumFrame,
  CraniumNodeView,
  CraniumPacketView,
} from '../../../../sim-core/ni/cranium/cranium-frame';
import { useEventsOf } from '../../../state/log-query';
import { actions, useApp, type AppState } from '../../../state/store';
import { CRANIUM_LOG_KINDS, indexCraniumLog, type CraniumLogIndex } from './cranium-log';
import { craniumFace } from '../../../../sim-core/ni/cranium/cranium-face';

export type CraniumMeta = Extract<ModelMeta, { model: 'cranium' }>;
export type CraniumSystem = Extract<Scenario['system'], { kind: 'cranium' }>;

export function useCraniumFrame(): CraniumFrame | null {
  return useApp((s) => (s.view?.frame.model === craniumFace.kind ? s.view.frame : null));
}

export function useCraniumMeta(): CraniumMeta | null {
  return useApp((s) => (s.meta?.model === craniumFace.kind ? s.meta : null));
}

export function useCraniumSystem(): CraniumSystem | null {
  return useApp((s) => (s.scenario?.system.kind === craniumFace.kind ? s.scenario.system : null));
}

/** The node the user picked, per scenario (another scenario starts from its default again). */
const useNodeChoice = create<{ scenario: string; node: number } | null>(() => null);

export function selectCraniumNode(scenario: string, node: number): void {
  useNodeChoice.setState({ scenario, node }, true);
}

/**
 * The scenario's `focusNode`, else the first configured node whose program receives (recv or a
 * user-queue poll), else the first.
 */
export function defaultNode(meta: CraniumMeta, frame: CraniumFrame, focus?: number): number {
  if (focus !== undefined) return focus;
  const receiver = meta.programs.find((p) =>
    p.lines.some((l) => l.startsWith('NIR_recv_channel') || l.startsWith('receive ')),
  );
  return receiver?.node ?? frame.nodes[0]?.node ?? 0;
}

export function useCraniumNode(frame: CraniumFrame | null): CraniumNodeView | null {
  const meta = useCraniumMeta();
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const focus = useApp((s) => s.scenario?.focusNode);
  const choice = useNodeChoice();
  if (!frame || !meta) return null;
  const wanted =
    choice && choice.scenario === scenario ? choice.node : defaultNode(meta, frame, focus);
  return frame.nodes.find((n) => n.node === wanted) ?? frame.nodes[0] ?? null;
}

export const selectCrPacket = (id: number) => actions.select({ kind: 'crPacket', packet: id });

/** The Cranium packet selected here, or whose network packet is followed on the torus. */
function selectedCrPacket(s: AppState): CraniumPacketView | null {
  const sel = s.selection;
  if (s.view?.frame.model !== craniumFace.kind || !sel) return null;
  if (sel.kind === 'crPacket') return s.view.frame.packets.find((p) => p.id === sel.packet) ?? null;
  if (sel.kind === 'packet')
    return s.view.frame.packets.find((p) => p.netId === sel.packet) ?? null;
  return null;
}

export function useSelectedCrPacket(): CraniumPacketView | null {
  return useApp(selectedCrPacket);
}

/** The id of the selected Cranium packet (stable while the frame changes). */
export function useSelectedCrPacketId(): number | null {
  return useApp((s) => selectedCrPacket(s)?.id ?? null);
}

/** The Cranium events of the loaded run's log (asked of the worker), indexed. */
export function useCraniumLog(): CraniumLogIndex {
  const events = useEventsOf(...CRANIUM_LOG_KINDS);
  return useMemo(() => indexCraniumLog(events), [events]);
}
