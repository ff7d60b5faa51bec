/** The bus model's statistics panel: the bus, every cache and every processor. */
import type { BusSystemStats } from '../../../../sim-core/bus/bus-frame';
import { BusStatsTable } from './BusStatsTable';
import { CacheStatsTable } from './CacheStatsTable';
import { ProcessorStatsTable } from './ProcessorStatsTable';

export function BusStats({ stats }: { stats: BusSystemStats }) {
  return (
    <div className="vt-cards">
      <BusStatsTable stats={stats} />
      <CacheStatsTable caches={stats.caches} />
      <ProcessorStatsTable processors={stats.processors} />
    </div>
  );
}
