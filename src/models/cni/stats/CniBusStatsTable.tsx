/** Each node's bus: how busy it was, what it carried by kind, NACKs and head-pointer refreshes. */
import { CNI_TXN_KINDS } from '../../../../sim-core/ni/cni/cni-state';
import type { CniStats } from '../../../../sim-core/ni/cni/cni-frame';
import { BUS_NAMES } from '../../../../sim-core/ni/cni/config';
import { percent } from '../../../views/stats/format';

export function CniBusStatsTable({ stats }: { stats: CniStats }) {
  const bus = BUS_NAMES[stats.bus];
  return (
    <table className="vt-table stats-table" data-testid="stats-cni-buses">
      <caption>Buses</caption>
      <thead>
        <tr>
          <th scope="col">node</th>
          <th scope="col">busy cycles</th>
          <th scope="col">busy</th>
          {CNI_TXN_KINDS.map((k) => (
            <th key={k} scope="col">
              {k}
            </th>
          ))}
          <th scope="col">NACKs</th>
          <th scope="col">head refreshes</th>
        </tr>
      </thead>
      <tbody>
        {stats.nodes.map((n) => (
          <tr key={n.id}>
            <th scope="row">
              {n.id} ({bus})
            </th>
            <td className="num">{n.busyCycles}</td>
            <td className="num">{percent(n.utilisation)}</td>
            {CNI_TXN_KINDS.map((k) => (
              <td key={k} className="num">
                {n.transactions[k]}
              </td>
            ))}
            <td className="num">{n.nacks}</td>
            <td className="num">{n.headRefreshes}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
