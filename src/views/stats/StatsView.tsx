/** The statistics panel: the counters at the current cycle (stepping back rewinds them too). */
import { uiOf } from '../../models/index';
import { useApp } from '../../state/store';
import '../views-tables.css';

export function StatsView() {
  const frame = useApp((s) => s.view?.frame);
  if (!frame) return <p className="vt-empty">No scenario loaded.</p>;
  const { Stats } = uiOf(frame.model);
  return (
    <div className="vt-view">
      <p className="vt-key">Counts up to cycle {frame.stats.cycles}.</p>
      <Stats stats={frame.stats} />
    </div>
  );
}
