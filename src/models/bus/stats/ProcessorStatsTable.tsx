/** Per-processor statistics: instructions retired, cycles stalled on the memory system, and done. */
import type { BusSystemStats } from '../../../../sim-core/index';

export function ProcessorStatsTable({ processors }: { processors: BusSystemStats['processors'] }) {
  return (
    <table className="vt-table stats-table" data-testid="stats-processors">
      <caption>Processors</caption>
      <thead>
        <tr>
          <th scope="col">processor</th>
          <th scope="col">retired</th>
          <th scope="col">stall cycles</th>
          <th scope="col">done</th>
        </tr>
      </thead>
      <tbody>
        {processors.map((p) => (
          <tr key={p.id}>
            <th scope="row">P{p.id}</th>
            <td className="num">{p.retired}</td>
            <td className="num">{p.stallCycles}</td>
            <td>{p.done ? '✓ yes' : 'no'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
