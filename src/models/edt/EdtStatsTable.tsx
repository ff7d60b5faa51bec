/** The EDT model's counters at the current cycle: messages, latency, bus transactions, DMA. */
import { EDT_NI_KINDS } from '../../../sim-core/ni/edt/ni-kinds';
import type { EdtStats } from '../../../sim-core/ni/edt/edt-stats';
import { KeyValueTable } from '../../views/stats/KeyValueTable';
import { EDT_CLOCKS } from '../../../sim-core/ni/edt/edt-face';
import { nsPerCycle } from '../../../sim-core/index';
import { cyclesAndTime, percent } from '../../views/stats/format';

const cycles = (n: number | null) => (n === null ? '—' : cyclesAndTime(n, nsPerCycle(EDT_CLOCKS)));

export function EdtStatsTable({ stats }: { stats: EdtStats }) {
  const m = stats.messages;
  const rows: [string, string][] = [
    ['network interface', EDT_NI_KINDS[stats.ni].label],
    ['messages received / all', `${m.delivered} / ${m.total}`],
    [
      'one-way latency, VipPostSend() to the poll (median, warm half)',
      cycles(stats.latency.oneWay),
    ],
    ['one-way latency, last message', cycles(stats.latency.last)],
    ['messages with stale bytes', String(m.stale)],
    ['invariant violations', String(stats.violations)],
  ];
  if (stats.dma)
    rows.push(['DMA blocks moved / RETRYs', `${stats.dma.blocks} / ${stats.dma.retries}`]);
  return (
    <KeyValueTable
      caption="Messages"
      rows={rows}
      className="vt-table stats-table"
      testId="stats-edt"
    />
  );
}

export function EdtBusStatsTable({ stats }: { stats: EdtStats }) {
  return (
    <table className="vt-table stats-table" data-testid="stats-edt-bus">
      <caption>Each host&rsquo;s bus</caption>
      <thead>
        <tr>
          <th scope="col">host</th>
          <th scope="col">busy</th>
          <th scope="col">transactions</th>
          <th scope="col">per send-buffer block</th>
        </tr>
      </thead>
      <tbody>
        {stats.nodes.map((n) => (
          <tr key={n.id}>
            <th scope="row">{n.id}</th>
            <td className="num">{percent(n.utilisation)}</td>
            <td>
              {Object.entries(n.transactions)
                .filter(([, v]) => v)
                .map(([k, v]) => `${k} ${v}`)
                .join(', ') || 'none'}
            </td>
            <td className="num">
              {n.sendTxnsPerBlock === null ? '—' : n.sendTxnsPerBlock.toFixed(2)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The statistics panel's EDT part: messages and latency, then each host's bus. */
export function EdtStatsTables({ stats }: { stats: EdtStats }) {
  return (
    <div className="vt-cards">
      <EdtStatsTable stats={stats} />
      <EdtBusStatsTable stats={stats} />
    </div>
  );
}
