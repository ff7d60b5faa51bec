/** The coherent-NI model's statistics panel: messages and latency, then every node's bus. */
import type { CniStats as Stats } from '../../../../sim-core/ni/cni/cni-frame';
import { CniBusStatsTable } from './CniBusStatsTable';
import { CniStatsTable } from './CniStatsTable';

export function CniStats({ stats }: { stats: Stats }) {
  return (
    <div className="vt-cards">
      <CniStatsTable stats={stats} />
      <CniBusStatsTable stats={stats} />
    </div>
  );
}
