/**
 * The node map (seed 001 Fig. 3.5; digest §C.9): a linear node id, as a command names it, to the
 * signed displacement a header carries, as seen from this node; NIL for an id off the machine.
 */
import { headerBetween, routerOfNode, type Topology } from '../../network/topology';

export function physOf(
  topology: Topology,
  from: number,
  to: number,
): { dy: number; dx: number } | null {
  const n = topology.attached * topology.attached;
  if (!Number.isInteger(to) || to < 0 || to >= n) return null;
  return headerBetween(topology, routerOfNode(topology, from), routerOfNode(topology, to));
}
