/**
 * The coherent-NI views' view of the store: the cni frame and description, and which node the
 * queue and register views show (one choice shared by both, so switching node in one follows in
 * the other).
 */
import { create } from 'zustand';
import type { ModelMeta } from '../../../../sim-core/index';
import type { CniFrame, CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';
import { useApp } from '../../../state/store';
import { cniFace } from '../../../../sim-core/ni/cni/cni-face';

export type CniMeta = Extract<ModelMeta, { model: 'cni' }>;

/** The current frame if it is the coherent-NI model's, else null. */
export function useCniFrame(): CniFrame | null {
  return useApp((s) => (s.view?.frame.model === cniFace.kind ? s.view.frame : null));
}

export function useCniMeta(): CniMeta | null {
  return useApp((s) => (s.meta?.model === cniFace.kind ? s.meta : null));
}

/** The node the user picked, per scenario: another scenario opens on its own focus again. */
const useNodeChoice = create<{ scenario: string; node: number } | null>(() => null);

export const selectNode = (scenario: string, node: number) =>
  useNodeChoice.setState({ scenario, node }, true);

/** The scenario's id and the node its one-node panels open on (`focusNode`, else node 0). */
export function useNodeFocus(): { scenario: string; node: number } {
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const focus = useApp((s) => s.scenario?.focusNode ?? 0);
  const choice = useNodeChoice();
  return { scenario, node: choice && choice.scenario === scenario ? choice.node : focus };
}

/** The chosen node of this frame; a choice beyond a smaller scenario's nodes falls back to 0. */
export function useSelectedNode(frame: CniFrame | null): CniNodeView | null {
  const { node } = useNodeFocus();
  if (!frame) return null;
  return frame.nodes[node] ?? frame.nodes[0] ?? null;
}
