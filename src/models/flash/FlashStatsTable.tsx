/** FLASH's statistics: each transfer in cycles, time and MB/s with Table 1's phases; each PP's load. */
import type { FlashStats } from '../../../sim-core/ni/flash/flash-frame';
import { FLASH_CLOCKS, mbPerSecond } from '../../../sim-core/ni/flash/flash-summary';
import { nsPerCycle } from '../../../sim-core/index';
import { duration } from '../../views/stats/format';

const time = (cycles: number) => duration(cycles * nsPerCycle(FLASH_CLOCKS));

export function FlashStatsTable({ stats }: { stats: FlashStats }) {
  return (
    <>
      <table className="vt-table stats-table" data-testid="stats-flash-transfers">
        <caption>Transfers (10-ns system cycles [003 L76])</caption>
        <thead>
          <tr>
            <th scope="col">transfer</th>
            <th scope="col">bytes</th>
            <th scope="col">cycles</th>
            <th scope="col">time</th>
            <th scope="col">MB/s</th>
            <th scope="col">cycles a line</th>
            <th scope="col">MB/s in transfer</th>
            <th scope="col">Table 1: 41 / 116 / 24 / 45 / 58</th>
          </tr>
        </thead>
        <tbody>
          {stats.transfers.map((t) => (
            <tr key={t.id} data-testid={`stats-flash-transfer-${t.id}`}>
              <th scope="row">
                {t.id}: node {t.from} → {t.to}
              </th>
              <td className="num">{t.bytes}</td>
              <td className="num">{t.cycles >= 0 ? t.cycles : t.status}</td>
              <td className="num">{t.cycles >= 0 ? time(t.cycles) : '—'}</td>
              <td className="num">
                {t.cycles > 0 ? mbPerSecond(t.bytes, t.cycles).toFixed(0) : '—'}
              </td>
              <td className="num">{t.perLine ? t.perLine.toFixed(1) : '—'}</td>
              <td className="num">{t.perLine ? mbPerSecond(128, t.perLine).toFixed(0) : '—'}</td>
              <td className="num">
                {t.table1
                  ? `${t.table1.initiation} / ${t.table1.setup} / ${t.table1.initialLine} / ${t.table1.network} / ${t.table1.cleanup} = ${t.table1.fixed}`
                  : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="vt-table stats-table" data-testid="stats-flash-nodes">
        <caption>Protocol processors</caption>
        <thead>
          <tr>
            <th scope="col">node</th>
            <th scope="col">PP busy (cycles)</th>
            <th scope="col">PP busy (time)</th>
            <th scope="col">share of the run</th>
            <th scope="col">handlers run</th>
          </tr>
        </thead>
        <tbody>
          {stats.nodes.map((n) => (
            <tr key={n.id}>
              <th scope="row">{n.id}</th>
              <td className="num">{n.ppBusy}</td>
              <td className="num">{time(n.ppBusy)}</td>
              <td className="num">
                {stats.cycles ? `${Math.round((100 * n.ppBusy) / stats.cycles)} %` : '—'}
              </td>
              <td className="num">{n.handlers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
