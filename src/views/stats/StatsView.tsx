/** The statistics panel: the counters at the current cycle (stepping back rewinds them too). */
import { useApp } from '../../state/store';
import '../views-tables.css';
import { BusStatsTable } from './BusStatsTable';
import { CacheStatsTable } from './CacheStatsTable';
import { ProcessorStatsTable } from './ProcessorStatsTable';

export function StatsView() {
  const stats = useApp((s) => s.view?.frame.stats);
  if (!stats) return <p className="vt-empty">No scenario loaded.</p>;
  return (
    <div className="vt-view">
      <p className="vt-key">Counts up to cycle {stats.cycles}.</p>
      <div className="vt-cards">
        <BusStatsTable stats={stats} />
        <CacheStatsTable caches={stats.caches} />
        <ProcessorStatsTable processors={stats.processors} />
      </div>
    </div>
  );
}
