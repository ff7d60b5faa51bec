/** The statistics panel: the counters at the current cycle (stepping back rewinds them too). */
import { faceOf, nsPerCycle, type Clocks } from '../../../sim-core/index';
import { uiOf } from '../../models/index';
import { useApp } from '../../state/store';
import { duration } from './format';
import '../views-tables.css';

/** "40 cycles = 200 ns; 1 B/cycle = 200 MB/s (a cycle is 5 ns of the 200 MHz processor clock, …)". */
function clockWords(cycles: number, c: Clocks): string {
  const ns = nsPerCycle(c);
  const mhz = (c.cycleDomain === 'cpu' ? c.cpuHz : c.systemHz) / 1e6;
  const clock = c.cycleDomain === 'cpu' ? 'processor' : 'system';
  return `${cycles} cycles = ${duration(cycles * ns)}; 1 B/cycle = ${(1000 / ns).toFixed(0)} MB/s (a cycle is ${duration(ns)} of the ${mhz} MHz ${clock} clock, ${c.source})`;
}

export function StatsView() {
  const frame = useApp((s) => s.view?.frame);
  const meta = useApp((s) => s.meta);
  if (!frame) return <p className="vt-empty">No scenario loaded.</p>;
  const { Stats } = uiOf(frame.model);
  const clocks =
    meta && meta.model === frame.model
      ? faceOf(frame.model).capabilities.clocks?.(meta as never)
      : undefined;
  return (
    <div className="vt-view">
      <p className="vt-key">Counts up to cycle {frame.stats.cycles}.</p>
      {clocks ? (
        <p className="vt-key" data-testid="stats-clock">
          {clockWords(frame.stats.cycles, clocks)}
        </p>
      ) : null}
      <Stats stats={frame.stats} />
    </div>
  );
}
