/** Which node a per-node view shows; nothing to choose (and nothing drawn) with a single node. */
import type { CniFrame } from '../../../../sim-core/ni/cni/cni-frame';
import { selectNode, useNodeFocus } from './selection';

export function NodePicker({ frame, node }: { frame: CniFrame; node: number }) {
  const { scenario } = useNodeFocus();
  if (frame.nodes.length < 2) return null;
  return (
    <label className="cv-picker">
      Node{' '}
      <select
        value={node}
        data-testid="node-picker"
        onChange={(e) => selectNode(scenario, Number(e.target.value))}
      >
        {frame.nodes.map((n) => (
          <option key={n.id} value={n.id}>
            node {n.id}
          </option>
        ))}
      </select>
    </label>
  );
}
