/** The Cranium model's statistics panel: every message, the NIs' counters and the torus's. */
import type { CraniumStats as Stats } from '../../../../sim-core/ni/cranium/cranium-frame';
import { NetworkStatsTable } from '../../../views/stats/NetworkStatsTable';
import { CraniumCountersTable, CraniumMessagesTable } from './CraniumStatsTable';

export function CraniumStats({ stats }: { stats: Stats }) {
  return (
    <>
      <CraniumMessagesTable stats={stats} />
      <div className="vt-cards">
        <CraniumCountersTable stats={stats} />
        <NetworkStatsTable stats={stats.network} />
      </div>
    </>
  );
}
