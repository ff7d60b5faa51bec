/**
 * The scenario's side of the common torus for a model whose `network.kind` may be "torus"
 * (sim-core/net/common-torus.ts): the field placing its nodes `hops` apart, the cross-field
 * check that they fit and that `hops` is not given to a network without them.
 */
import type { IssueSink } from '../model';
import { intIn } from '../scenario/fields';
import { MAX_TORUS_HOPS } from '../messaging';
import { commonTorusIssue } from './common-torus';

/** Hops between one node and the next along the torus's first row (absent: node n at router n). */
export const torusHops = () => intIn(1, MAX_TORUS_HOPS).optional();

/** `system.network`'s hops fit `nodes` on the torus, and are given only to the torus. */
export function checkTorusPlacement(
  network: { kind: string; hops?: number | undefined },
  nodes: number,
  issue: IssueSink,
): void {
  const at = ['system', 'network', 'hops'];
  if (network.kind !== 'torus') {
    if (network.hops !== undefined)
      issue(at, `hops place nodes on the torus: set system.network.kind to "torus"`, 'SCN016');
    return;
  }
  const problem = commonTorusIssue(nodes, network.hops);
  if (problem) issue(network.hops === undefined ? ['system', 'nodes'] : at, problem, 'SCN016');
}
