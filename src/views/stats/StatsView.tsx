/** The statistics panel: the counters at the current cycle (stepping back rewinds them too). */
import { useApp } from '../../state/store';
import '../views-tables.css';
import { BusStatsTable } from './BusStatsTable';
import { CacheStatsTable } from './CacheStatsTable';
import { CniBusStatsTable } from './CniBusStatsTable';
import { CniStatsTable } from './CniStatsTable';
import { CraniumCountersTable, CraniumMessagesTable } from './CraniumStatsTable';
import { NetworkStatsTable } from './NetworkStatsTable';
import { ProcessorStatsTable } from './ProcessorStatsTable';

export function StatsView() {
  const frame = useApp((s) => s.view?.frame);
  if (!frame) return <p className="vt-empty">No scenario loaded.</p>;
  if (frame.model === 'network') {
    return (
      <div className="vt-view">
        <p className="vt-key">Counts up to cycle {frame.stats.cycles}.</p>
        <NetworkStatsTable stats={frame.stats} />
      </div>
    );
  }
  if (frame.model === 'cni') {
    return (
      <div className="vt-view">
        <p className="vt-key">Counts up to cycle {frame.stats.cycles}.</p>
        <div className="vt-cards">
          <CniStatsTable stats={frame.stats} />
          <CniBusStatsTable stats={frame.stats} />
        </div>
      </div>
    );
  }
  if (frame.model === 'cranium') {
    return (
      <div className="vt-view">
        <p className="vt-key">Counts up to cycle {frame.stats.cycles}.</p>
        <CraniumMessagesTable stats={frame.stats} />
        <div className="vt-cards">
          <CraniumCountersTable stats={frame.stats} />
          <NetworkStatsTable stats={frame.stats.network} />
        </div>
      </div>
    );
  }
  const stats = frame.stats;
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
