/** The race's outcome: each NI's latency, cycles, stream bandwidth and rank. */
import type { BenchStats } from '../../../sim-core/bench/bench-frame';
import { timeText, rateText } from './bench-looks';

export function BenchStatsTable({ stats }: { stats: BenchStats }) {
  return (
    <table className="vt-table" data-testid="bench-stats">
      <caption>The race{stats.first ? `: ${stats.first} first` : ''}</caption>
      <thead>
        <tr>
          <th scope="col">NI</th>
          <th scope="col">latency</th>
          <th scope="col">own cycles</th>
          <th scope="col">stream</th>
          <th scope="col">rank so far</th>
        </tr>
      </thead>
      <tbody>
        {stats.lanes.map((l) => (
          <tr key={l.label}>
            <th scope="row">{l.label}</th>
            <td>{l.latencyNs === null ? (l.problem ?? '—') : timeText(l.latencyNs)}</td>
            <td>{l.latencyCycles ?? '—'}</td>
            <td>{l.mbPerS === null ? '—' : rateText(l.mbPerS)}</td>
            <td>{l.rank ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
