/**
 * Latency anatomy (round2-spec §A.2 S4): one message's slices from the phase ledger, one lane per
 * actor on a node, coloured by where the time went (host software, NI hardware, bus, …), up to
 * the current cycle; above them the same time summed per category, overlap counted once, so a
 * student sees both when each part ran and what it cost. Any model that emits `phase` events
 * gets this panel by listing `phases` in its views. Clicking a slice moves the run to its start.
 */
import { scaleLinear } from 'd3';
import { useMemo, useState } from 'react';
import {
  faceOf,
  nsPerCycle,
  PHASE_CATEGORIES,
  PHASE_CATEGORY_INFO,
  phaseSlices,
  type Clocks,
  type PhaseCategory,
  type PhaseSlice,
} from '../../../sim-core/index';
import { inkFor } from '../../d3/colour';
import { useEventsOf } from '../../state/log-query';
import { actions, useApp } from '../../state/store';
import { cyclesAndTime, duration } from '../stats/format';
import { TableToggle } from '../TableToggle';
import { useElementWidth } from '../use-element-width';
import { messageLedger, messagesIn, overlapIntervals, type MessageLedger } from './phases-data';
import './phases.css';

/** Okabe–Ito, one colour per category; the legend and every bar's words name it too. */
export const CATEGORY_COLOURS: Readonly<Record<PhaseCategory, string>> = {
  'host-sw': '#0072B2',
  'ni-sw': '#CC79A7',
  'ni-hw': '#56B4E9',
  bus: '#E69F00',
  memory: '#F0E442',
  network: '#009E73',
  wait: '#BBBBBB',
};

const LABEL_W = 120;
const PAD_R = 16;
const LANE_H = 26;
const AXIS_H = 36;
const CHAR_W = 7;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function timeWords(cycles: number, clocks: Clocks | null): string {
  return clocks ? cyclesAndTime(cycles, nsPerCycle(clocks)) : plural(cycles, 'cycle');
}

function sliceWords(s: PhaseSlice, clocks: Clocks | null, cycle: number): string {
  const open = s.end > cycle ? ', still under way' : '';
  return (
    `${s.actor}@${s.node}: ${s.phase} (${PHASE_CATEGORY_INFO[s.category].label}` +
    `${s.part ? `, ${s.part}` : ''}), cycle ${s.start} to ${Math.min(s.end, cycle)}, ` +
    `${timeWords(Math.min(s.end, cycle) - s.start, clocks)}${open}; source ${s.source}`
  );
}

function Anatomy({ ledger, clocks }: { ledger: MessageLedger; clocks: Clocks | null }) {
  const a = ledger.now;
  if (!a) return <p className="vg-muted">Message {ledger.message} has not begun yet.</p>;
  const used = PHASE_CATEGORIES.filter((c) => a.byCategory[c] > 0);
  const total = used.reduce((t, c) => t + a.byCategory[c], 0);
  return (
    <div className="ph-anatomy" data-testid="phases-anatomy">
      <p>
        <strong>
          Message {ledger.message}: {timeWords(a.end - a.start, clocks)}
        </strong>{' '}
        so far, from cycle {a.start} to {a.end}
        {a.overlap > 0 ? (
          <>
            ; <span data-testid="phases-overlap">{plural(a.overlap, 'cycle')}</span> of it ran two
            parts at once
          </>
        ) : null}
        .
      </p>
      <div className="ph-stack" role="img" aria-label="Time per category">
        {used.map((c) => (
          <span
            key={c}
            className="ph-stack-part"
            style={{
              flexGrow: a.byCategory[c],
              background: CATEGORY_COLOURS[c],
              color: inkFor(CATEGORY_COLOURS[c]),
            }}
            title={`${PHASE_CATEGORY_INFO[c].label}: ${timeWords(a.byCategory[c], clocks)}`}
          >
            {a.byCategory[c] / total >= 0.12 ? PHASE_CATEGORY_INFO[c].label : ''}
          </span>
        ))}
      </div>
      <ul className="ph-totals">
        {used.map((c) => (
          <li key={c} data-testid={`phases-total-${c}`}>
            <span
              className="ph-swatch"
              style={{ background: CATEGORY_COLOURS[c] }}
              aria-hidden="true"
            />
            {PHASE_CATEGORY_INFO[c].label}: {timeWords(a.byCategory[c], clocks)}
          </li>
        ))}
        {[...a.byPart.entries()].map(([part, n]) => (
          <li key={`part-${part}`} className="ph-part">
            {part}: {timeWords(n, clocks)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Chart({
  ledger,
  width,
  cycle,
  clocks,
}: {
  ledger: MessageLedger;
  width: number;
  cycle: number;
  clocks: Clocks | null;
}) {
  const w = Math.max(width, 420);
  const x = scaleLinear()
    .domain([ledger.start, Math.max(ledger.end, ledger.start + 10)])
    .range([LABEL_W, w - PAD_R]);
  const height = ledger.lanes.length * (LANE_H + 4) + 4;
  const ticks = x.ticks(Math.max(2, Math.floor((w - LABEL_W) / 80))).filter(Number.isInteger);
  const nowX = x(Math.min(Math.max(cycle, ledger.start), x.domain()[1]!));
  const overlaps = overlapIntervals(ledger.visible);
  return (
    <svg
      width={w}
      height={height + AXIS_H}
      className="ph-svg"
      role="group"
      aria-label={`Message ${ledger.message}, one row per actor, cycle ${ledger.start} to ${ledger.end}`}
      data-testid="phases-chart"
    >
      <defs>
        <pattern
          id="ph-overlap-hatch"
          width={6}
          height={6}
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width={6} height={6} className="ph-overlap-fill" />
          <line y2={6} className="ph-overlap-line" />
        </pattern>
      </defs>
      {overlaps.map((o) => (
        <rect
          key={o.start}
          className="ph-overlap"
          x={x(o.start)}
          y={0}
          width={Math.max(1, x(o.end) - x(o.start))}
          height={height}
          fill="url(#ph-overlap-hatch)"
          data-testid="phases-overlap-band"
          aria-hidden="true"
        />
      ))}
      {ledger.lanes.map((lane, i) => {
        const y = 4 + i * (LANE_H + 4);
        return (
          <g key={lane.key} data-testid={`phases-lane-${lane.key}`}>
            <rect
              className="ph-lane-bg"
              x={LABEL_W}
              y={y}
              width={w - PAD_R - LABEL_W}
              height={LANE_H}
            />
            <text className="ph-lane-label" x={6} y={y + LANE_H / 2} dy="0.35em">
              {lane.actor}@{lane.node}
            </text>
            {lane.slices.map((s) => {
              const bx = x(s.start);
              const bw = Math.max(2, x(s.end) - bx);
              const colour = CATEGORY_COLOURS[s.category];
              const fits = s.phase.length * CHAR_W + 6 <= bw;
              const words = sliceWords(s, clocks, cycle);
              return (
                <g
                  key={`${s.phase}-${s.start}`}
                  className={`ph-slice${s.end >= cycle ? ' ph-open' : ''}`}
                  data-category={s.category}
                  role="button"
                  tabIndex={0}
                  aria-label={`${words}. Go to cycle ${s.start}.`}
                  onClick={() => void actions.seek(s.start)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      void actions.seek(s.start);
                    }
                  }}
                >
                  <title>{words}</title>
                  <rect x={bx} y={y + 2} width={bw} height={LANE_H - 4} fill={colour} />
                  {fits ? (
                    <text x={bx + 3} y={y + LANE_H / 2} dy="0.35em" fill={inkFor(colour)}>
                      {s.phase}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        );
      })}
      <line className="ph-axis" x1={LABEL_W} x2={w - PAD_R} y1={height} y2={height} />
      {ticks.map((v) => (
        <g key={v} transform={`translate(${x(v)},${height})`} aria-hidden="true">
          <line className="ph-axis" y2={4} />
          <text className="ph-tick" y={16} textAnchor="middle">
            {v}
          </text>
        </g>
      ))}
      <text className="ph-tick" x={LABEL_W - 6} y={height + 16} textAnchor="end" aria-hidden="true">
        {clocks ? `cycle (${duration(nsPerCycle(clocks))})` : 'cycle'}
      </text>
      {cycle >= ledger.start ? (
        <line className="ph-now" x1={nowX} x2={nowX} y1={0} y2={height + 4} aria-hidden="true" />
      ) : null}
    </svg>
  );
}

function SliceTable({
  ledger,
  clocks,
  cycle,
}: {
  ledger: MessageLedger;
  clocks: Clocks | null;
  cycle: number;
}) {
  return (
    <table className="vt-table ph-table" data-testid="phases-table">
      <caption>
        Message {ledger.message}, slice by slice, up to cycle {cycle}
      </caption>
      <thead>
        <tr>
          <th scope="col">who</th>
          <th scope="col">step</th>
          <th scope="col">category</th>
          <th scope="col">from–to</th>
          <th scope="col">time</th>
          <th scope="col">source</th>
        </tr>
      </thead>
      <tbody>
        {ledger.visible.map((s) => (
          <tr key={`${s.node}-${s.actor}-${s.phase}-${s.start}`}>
            <th scope="row">
              {s.actor}@{s.node}
            </th>
            <td>
              {s.phase}
              {s.part ? ` (${s.part})` : ''}
            </td>
            <td>{PHASE_CATEGORY_INFO[s.category].label}</td>
            <td>
              {s.start}–{s.end}
              {s.end >= cycle ? ' (under way)' : ''}
            </td>
            <td>{timeWords(s.end - s.start, clocks)}</td>
            <td>{s.source}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Legend({ overlap }: { overlap: boolean }) {
  return (
    <ul className="ph-legend" aria-label="Categories">
      {overlap ? (
        <li title="stretches where two or more kinds of work ran at once: what overlapping saved">
          <span className="ph-swatch ph-swatch-overlap" aria-hidden="true" />
          ran at once (saved)
        </li>
      ) : null}
      {PHASE_CATEGORIES.map((c) => (
        <li key={c} title={PHASE_CATEGORY_INFO[c].what}>
          <span
            className="ph-swatch"
            style={{ background: CATEGORY_COLOURS[c] }}
            aria-hidden="true"
          />
          {PHASE_CATEGORY_INFO[c].label}
        </li>
      ))}
    </ul>
  );
}

export function PhasesView() {
  const log = useEventsOf('phase');
  const meta = useApp((s) => s.meta);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const scenario = useApp((s) => s.scenario?.id ?? '');
  const [pick, setPick] = useState<{ scenario: string; message: number } | null>(null);
  const [hideSoftware, setHideSoftware] = useState(false);
  const [showTable, setShowTable] = useState(false);
  const slices = useMemo(() => phaseSlices(log), [log]);
  const messages = useMemo(() => messagesIn(slices), [slices]);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(meta !== null);
  if (!meta) return null;
  const capabilities = faceOf(meta.model).capabilities;
  const clocks = capabilities.clocks?.(meta as never) ?? null;
  const figure = capabilities.phases?.figure ?? null;
  const begun = messages.filter((m) => slices.some((s) => s.message === m && s.start <= cycle));
  const picked = pick && pick.scenario === scenario ? pick.message : null;
  const message = picked ?? begun.at(-1) ?? messages[0] ?? null;
  const ledger = message === null ? null : messageLedger(slices, message, cycle, hideSoftware);

  return (
    <div className="ph-view" data-testid="phases-view">
      <div className="ph-toolbar">
        {figure ? <span className="ph-figure">After {figure}.</span> : null}
        <label>
          Message{' '}
          <select
            value={message ?? ''}
            disabled={messages.length === 0}
            data-testid="phases-message"
            onChange={(e) => setPick({ scenario, message: Number(e.target.value) })}
          >
            {messages.length === 0 ? <option value="">none</option> : null}
            {messages.map((m) => (
              <option key={m} value={m}>
                {m}
                {begun.includes(m) ? '' : ' (not yet begun)'}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={hideSoftware}
            data-testid="phases-hide-software"
            onChange={(e) => setHideSoftware(e.target.checked)}
          />{' '}
          Hide software (show the mechanism)
        </label>
        <TableToggle checked={showTable} onChange={setShowTable} />
      </div>
      <div ref={wrapRef} className="ph-stage">
        {ledger === null ? (
          <p className="vg-muted">This run records no latency slices.</p>
        ) : (
          <>
            <Anatomy ledger={ledger} clocks={clocks} />
            <Legend overlap={(ledger.now?.overlap ?? 0) > 0} />
            <Chart ledger={ledger} width={width} cycle={cycle} clocks={clocks} />
            {showTable ? <SliceTable ledger={ledger} clocks={clocks} cycle={cycle} /> : null}
          </>
        )}
      </div>
    </div>
  );
}
