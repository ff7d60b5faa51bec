/**
 * The EDT views' view of the store: the edt frame and description, and which host the one-host
 * views show (one choice shared by the NI and the DMA panels).
 */
import { create } from 'zustand';
import type { ModelMeta } from '../../../sim-core/index';
import type { EdtFrame, EdtNodeView } from '../../../sim-core/ni/edt/edt-frame';
import { edtFace } from '../../../sim-core/ni/edt/edt-face';
import { useApp } from '../../state/store';

export type EdtMeta = Extract<ModelMeta, { model: 'edt' }>;

export function useEdtFrame(): EdtFrame | null {
  return useApp((s) => (s.view?.frame.model === edtFace.kind ? s.view.frame : null));
}

export function useEdtMeta(): EdtMeta | null {
  return useApp((s) => (s.meta?.model === edtFace.kind ? s.meta : null));
}

const useHostChoice = create<{ scenario: string; host: number } | null>(() => null);

/** The host the user picked (per scenario), else the scenario's focus, else host 0. */
export function useHost(frame: EdtFrame | null): {
  node: EdtNodeView | null;
  pick: (host: number) => void;
} {
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const focus = useApp((s) => s.scenario?.focusNode ?? 0);
  const choice = useHostChoice();
  const host = choice && choice.scenario === scenario ? choice.host : focus;
  return {
    node: frame ? (frame.nodes[host] ?? frame.nodes[0] ?? null) : null,
    pick: (h) => useHostChoice.setState({ scenario, host: h }, true),
  };
}

export const hex = (n: number) => `0x${n.toString(16)}`;
