/**
 * The race (the bench model's run): one lane per NI on one nanosecond axis, each message's
 * anatomy growing as the run moves — the parts its own model measured, told at the bench's clock
 * — and a rank when the receiver's user code has it. The software slices follow the bench's
 * switch. Choosing a lane opens that NI's run in its own model's views.
 */
import type { BenchFrame, BenchMeta } from '../../../sim-core/bench/bench-frame';
import { PHASE_CATEGORIES, PHASE_CATEGORY_INFO } from '../../../sim-core/ledger/phase-events';
import type { BenchTypes } from '../../../sim-core/bench/bench-face';
import type { ScenarioOf } from '../../../sim-core/model';
import { actions, useApp } from '../../state/store';
import { CATEGORY_COLOURS } from '../../views/phases/PhasesView';
import { niLook, timeText } from './bench-looks';
import '../../views/views-charts.css';
import './bench.css';

export function RaceView() {
  const frame = useApp((s) => s.view?.frame) as BenchFrame | undefined;
  const meta = useApp((s) => s.meta) as BenchMeta | null;
  const scenario = useApp((s) => s.scenario) as ScenarioOf<BenchTypes> | null;
  if (!frame || frame.model !== 'bench' || !meta || meta.model !== 'bench' || !scenario)
    return <p className="vg-muted">No bench scenario loaded.</p>;
  const software = scenario.system.display.software;
  const end = Math.max(1, meta.endNs);
  const order = meta.every.map((n) => n.variant);
  const pct = (ns: number) => `${Math.min(100, (100 * ns) / end)}%`;
  return (
    <div className="bn-race" data-testid="race-view">
      <p className="sc-note">
        {meta.bytes} B, {meta.provenance}, {meta.clock} clocks — {timeText(frame.cycle)} into the
        race (one cycle here is one nanosecond). A bar’s colours share the time gone by among its
        parts; the black tick is where the receiver has the message.
      </p>
      <ol className="bn-bars">
        {meta.lanes.map((lane, i) => {
          const f = frame.lanes[i]!;
          const look = niLook(order.indexOf(lane.variant), lane.label);
          const parts = PHASE_CATEGORIES.filter(
            (c) => (software || !PHASE_CATEGORY_INFO[c].software) && f.byCategoryNs[c] > 0,
          );
          // Parts that overlap (the bus under the processor's stores) would stack past the time
          // gone by: each category takes its share of the elapsed time instead.
          const sum = PHASE_CATEGORIES.reduce((t, c) => t + f.byCategoryNs[c], 0);
          const share = (c: (typeof PHASE_CATEGORIES)[number]) =>
            sum > 0 ? (f.elapsedNs * f.byCategoryNs[c]) / sum : 0;
          const state =
            f.status === 'unavailable'
              ? 'cannot send this message'
              : f.status === 'delivered'
                ? `delivered no. ${f.rank} after ${timeText(f.elapsedNs)}`
                : `under way for ${timeText(f.elapsedNs)}`;
          return (
            <li key={lane.variant}>
              <button
                type="button"
                className="bn-bar bn-lane"
                disabled={!lane.row.open}
                data-testid={`race-lane-${lane.variant}`}
                aria-label={`${lane.label}: ${state}. Open this run in its own views.`}
                onClick={() =>
                  lane.row.open &&
                  void actions.load(
                    { kind: 'document', doc: lane.row.open.scenario },
                    { cycle: lane.row.open.cycle, context: `Opening ${lane.label}’s run` },
                  )
                }
              >
                <span className="bn-bar-label">
                  <svg width="14" height="14" aria-hidden="true" focusable="false">
                    <rect width="14" height="14" fill={look.colour} />
                  </svg>
                  {lane.variant}
                </span>
                <span className="bn-lane-track">
                  {parts.map((c) => (
                    <span
                      key={c}
                      className="bn-seg"
                      style={{ width: pct(share(c)), background: CATEGORY_COLOURS[c] }}
                      title={`${PHASE_CATEGORY_INFO[c].label}: ${timeText(f.byCategoryNs[c])}`}
                    />
                  ))}
                  {lane.row.latencyNs !== null ? (
                    <span
                      className="bn-lane-end"
                      style={{ left: pct(lane.row.latencyNs) }}
                      aria-hidden="true"
                    />
                  ) : null}
                </span>
                <span className="bn-bar-value">
                  {f.status === 'delivered' ? (
                    <span className="bn-rank">
                      no. {f.rank} · {timeText(f.elapsedNs)}
                    </span>
                  ) : f.status === 'unavailable' ? (
                    '—'
                  ) : (
                    timeText(f.elapsedNs)
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="bn-axis" aria-hidden="true">
        <span>0</span>
        <span>{timeText(end / 2)}</span>
        <span>{timeText(end)}</span>
      </div>
    </div>
  );
}
