/** What each agent of a node is doing now, in words: "P1 computing: consume the message". */
import type { CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';

export function AgentActivity({ node }: { node: CniNodeView }) {
  return (
    <ul className="cv-agents" aria-label={`Agents of node ${node.id}`}>
      {node.agents.map((a) => (
        <li key={a.name} data-status={a.status}>
          <strong>{a.name}</strong> {a.status}
          {a.doing ? `: ${a.doing}` : ''}
        </li>
      ))}
    </ul>
  );
}
