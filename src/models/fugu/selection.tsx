/**
 * The FUGU views' view of the store: the frame, the static description, which node the one-node
 * panels show (the scenario's focusNode, else the first node that receives, else node 0, until
 * the user picks another), and the colour each application's GID is drawn in.
 */
import { create } from 'zustand';
import type { ModelMeta } from '../../../sim-core/index';
import type { FuguFrame, FuguNodeView } from '../../../sim-core/ni/fugu/fugu-frame';
import { fuguFace } from '../../../sim-core/ni/fugu/fugu-face';
import { inkFor } from '../../d3/colour';
import { useApp } from '../../state/store';

export type FuguMeta = Extract<ModelMeta, { model: 'fugu' }>;

export function useFuguFrame(): FuguFrame | null {
  return useApp((s) => (s.view?.frame.model === fuguFace.kind ? s.view.frame : null));
}

export function useFuguMeta(): FuguMeta | null {
  return useApp((s) => (s.meta?.model === fuguFace.kind ? s.meta : null));
}

const useNodeChoice = create<{ scenario: string; node: number } | null>(() => null);

export function selectFuguNode(scenario: string, node: number): void {
  useNodeChoice.setState({ scenario, node }, true);
}

export function useFuguNode(frame: FuguFrame | null): FuguNodeView | null {
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const focus = useApp((s) => s.scenario?.focusNode);
  const choice = useNodeChoice();
  if (!frame) return null;
  const wanted = choice && choice.scenario === scenario ? choice.node : (focus ?? 1);
  return frame.nodes.find((n) => n.id === wanted) ?? frame.nodes[0] ?? null;
}

/** Okabe–Ito, one colour per GID in the order the scenario lists its applications; GID 0 is grey. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#F0E442'];

export function gidStyle(
  meta: FuguMeta | null,
  gid: number,
): { fill: string; ink: string; name: string } {
  const i = meta ? meta.apps.findIndex((a) => a.gid === gid) : -1;
  const fill = i < 0 ? '#BBBBBB' : PALETTE[i % PALETTE.length]!;
  const name = i < 0 ? (gid === 0 ? 'scheduler' : `GID ${gid}`) : meta!.apps[i]!.name;
  return { fill, ink: inkFor(fill), name };
}

/** The node picker every one-node panel shows. */
export function NodePicker({ frame, node }: { frame: FuguFrame; node: FuguNodeView }) {
  const scenario = useApp((s) => s.scenario?.id ?? '');
  return (
    <label>
      Node{' '}
      <select
        value={node.id}
        data-testid="fugu-node-picker"
        onChange={(e) => selectFuguNode(scenario, Number(e.target.value))}
      >
        {frame.nodes.map((n) => (
          <option key={n.id} value={n.id}>
            node {n.id}
            {n.running ? ` (${n.running.app})` : ' (scheduler)'}
          </option>
        ))}
      </select>
    </label>
  );
}
