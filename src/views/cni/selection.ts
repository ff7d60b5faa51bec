/**
 * The coherent-NI views' view of the store: the cni frame and description, and which node the
 * queue and register views show (one choice shared by both, so switching node in one follows in
 * the other).
 */
import { create } from 'zustand';
import type { ModelMeta } from '../../../sim-core/index';
import type { CniFrame, CniNodeView } from '../../../sim-core/ni/cni/cni-frame';
import { useApp } from '../../state/store';

export type CniMeta = Extract<ModelMeta, { model: 'cni' }>;

/** The current frame if it is the coherent-NI model's, else null. */
export function useCniFrame(): CniFrame | null {
  return useApp((s) => (s.view?.frame.model === 'cni' ? s.view.frame : null));
}

export function useCniMeta(): CniMeta | null {
  return useApp((s) => (s.meta?.model === 'cni' ? s.meta : null));
}

const useNodeChoice = create<{ node: number }>(() => ({ node: 0 }));

export const selectNode = (node: number) => useNodeChoice.setState({ node });

/** The chosen node of this frame; a choice beyond a smaller scenario's nodes falls back to 0. */
export function useSelectedNode(frame: CniFrame | null): CniNodeView | null {
  const chosen = useNodeChoice((s) => s.node);
  if (!frame) return null;
  return frame.nodes[chosen] ?? frame.nodes[0] ?? null;
}
