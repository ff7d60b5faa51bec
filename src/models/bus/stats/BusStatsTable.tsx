/** Bus statistics: how busy the bus was and what it carried, as label–value rows. */
import type { BusSystemStats } from '../../../../sim-core/index';
import { percent } from '../../../views/stats/format';

export function BusStatsTable({ stats }: { stats: BusSystemStats }) {
  const { bus } = stats;
  const rows: [string, string | number][] = [
    ['Busy cycles', `${bus.busyCycles} of ${stats.cycles}`],
    ['Utilisation', percent(bus.utilisation)],
    ['RD (read)', bus.transactions.RD],
    ['RDX (read to write)', bus.transactions.RDX],
    ['INV (invalidate)', bus.transactions.INV],
    ['WB (write-back)', bus.transactions.WB],
    ['Cache-to-cache transfers', bus.cacheToCache],
    ['Memory reads', bus.memoryReads],
    ['Memory writes', bus.memoryWrites],
  ];
  return (
    <table className="vt-table stats-table" data-testid="stats-bus">
      <caption>Bus</caption>
      <thead>
        <tr>
          <th scope="col">measure</th>
          <th scope="col">value</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className="num">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
