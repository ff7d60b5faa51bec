/** A bus's counters so far: busy share of all cycles, transactions by kind, NACKs. */
import { count } from '../../../../sim-core/kernel/words';
import type { CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';
import { CNI_TXN_KINDS } from '../../../../sim-core/ni/cni/cni-state';
import { txnColours } from '../../../theme/states';

export function BusCounters({ node, cycle }: { node: CniNodeView; cycle: number }) {
  const { busyCycles, counts, nacks } = node.bus;
  const busy = cycle === 0 ? 0 : Math.round((100 * busyCycles) / cycle);
  return (
    <ul className="bv-counters" aria-label={`Bus counters of node ${node.id}`}>
      <li data-testid={`bus-busy-${node.id}`}>
        busy <strong>{busy}%</strong> ({busyCycles} of {count(cycle, 'cycle')})
      </li>
      {CNI_TXN_KINDS.filter((k) => counts[k] > 0).map((k) => (
        <li key={k}>
          <span className="bv-swatch" style={{ background: txnColours[k] }} aria-hidden="true" />
          {k} <strong>{counts[k]}</strong>
        </li>
      ))}
      {nacks > 0 ? (
        <li>
          NACKs <strong>{nacks}</strong>
        </li>
      ) : null}
    </ul>
  );
}
