/**
 * The bus transaction timeline: the recent transactions as a Gantt strip over cycles, true to
 * scale (an INV is visibly cheaper than an RD), with the current cycle as a vertical line.
 * Activating a bar jumps to the cycle its transaction was granted. A bar too narrow for its name
 * shows its kind's pattern (the legend's), so kinds differ without colour; as a table, the same
 * transactions are rows.
 */
import { useId } from 'react';
import { scaleLinear } from 'd3';
import type { BusFrame } from '../../../../sim-core/index';
import { blockAddr, dataRoute, procName, type Txn } from '../../../d3/bus-text';
import { inkFor, UNKNOWN_TXN } from '../../../d3/colour';
import { actions } from '../../../state/store';
import { txnColours, txnNames } from '../../../theme/states';
import { patternId, TxnPatternDefs, TxnSwatch } from '../../../views/buses/txn-patterns';
import '../../cni/views-cni.css';
import './bus.css';

/** The transaction kinds of a snooping bus, in the legend's order. */
const KINDS = ['RD', 'RDX', 'INV', 'WB'] as const;

const PAD = 10;
const LANE_H = 16;
const LANES = 2;
const BAR_Y = LANES * LANE_H + 4;
const BAR_H = 24;
const AXIS_Y = BAR_Y + BAR_H + 6;
const HEIGHT = AXIS_Y + 18;
/** Bold 12px label width per character: an estimate, so layout needs no DOM measuring. */
const CHAR_W = 7.6;

interface Bar {
  txn: Txn;
  x: number;
  w: number;
  label: string;
  /** Lane of an outside label, 'inside' if it fits in the bar, null if it has no room at all. */
  lane: number | 'inside' | null;
  /** Where an outside label starts. */
  lx: number;
}

function layoutBars(recent: readonly Txn[], x: (c: number) => number, right: number): Bar[] {
  const laneEnds: number[] = Array.from({ length: LANES }, () => -Infinity);
  return recent.map((txn) => {
    const bx = x(txn.grantedAt);
    const w = Math.max(3, x(txn.endsAt) - bx);
    const label = `${txn.kind} ${procName(txn.requester)}`;
    const lw = label.length * CHAR_W;
    // An outside label starts over its bar, shifted left if it would run off the strip.
    const lx = Math.min(bx, right - lw);
    let lane: Bar['lane'] = null;
    if (w >= lw + 8) lane = 'inside';
    else {
      const free = laneEnds.findIndex((end) => end + 6 <= lx);
      if (free >= 0) {
        lane = free;
        laneEnds[free] = lx + lw;
      }
    }
    return { txn, x: bx, w, label, lane, lx };
  });
}

/** The recent transactions as rows, oldest first; each row's button goes to its grant. */
function TimelineTable({
  recent,
  current,
  blockBytes,
  go,
}: {
  recent: readonly Txn[];
  current: number | null;
  blockBytes: number;
  go: (txn: Txn) => void;
}) {
  return (
    <table className="vt-table" data-testid="bus-timeline-table">
      <caption>Recent bus transactions</caption>
      <thead>
        <tr>
          <th scope="col">cycles</th>
          <th scope="col">kind</th>
          <th scope="col">by</th>
          <th scope="col">block</th>
          <th scope="col">data</th>
        </tr>
      </thead>
      <tbody>
        {recent.map((t) => (
          <tr key={t.id} aria-current={current === t.id ? 'true' : undefined}>
            <td className="num">
              <button type="button" onClick={() => go(t)} aria-label={`Go to cycle ${t.grantedAt}`}>
                {t.grantedAt}–{t.endsAt}
              </button>
            </td>
            <td>
              <strong>{t.kind}</strong> {txnNames[t.kind] ?? ''}
            </td>
            <td>{procName(t.requester)}</td>
            <td>
              <code>{blockAddr(t.block, blockBytes)}</code>
            </td>
            <td>{dataRoute(t)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BusTimeline({
  frame,
  width,
  blockBytes,
  selectedTxn,
  asTable = false,
}: {
  frame: BusFrame;
  width: number;
  blockBytes: number;
  selectedTxn: number | null;
  asTable?: boolean;
}) {
  const patterns = useId().replaceAll(':', '');
  const { recent } = frame.bus;
  const cycle = frame.cycle;
  const w = Math.max(width, 260);
  const start = recent[0]?.grantedAt ?? 0;
  const end = Math.max(cycle, recent.at(-1)?.endsAt ?? cycle, start + 1);
  const x = scaleLinear()
    .domain([start, end])
    .range([PAD, w - PAD]);
  const bars = layoutBars(recent, x, w - PAD);
  const ticks = x.ticks(Math.max(2, Math.floor(w / 110))).filter(Number.isInteger);
  const { busyCycles, utilisation } = frame.stats.bus;

  const go = (txn: Txn) => {
    actions.select({ kind: 'txn', txn: txn.id });
    void actions.seek(txn.grantedAt);
  };

  return (
    <div className="vg-gantt">
      <div className="vg-gantt-head">
        <h3>Bus timeline</h3>
        <span data-testid="bus-utilisation">
          Bus busy <strong>{Math.round(utilisation * 100)}%</strong> of cycles ({busyCycles} of{' '}
          {cycle})
        </span>
      </div>
      {recent.length === 0 ? (
        <p className="vg-muted">No bus transactions yet.</p>
      ) : asTable ? (
        <TimelineTable
          recent={recent}
          current={frame.bus.current?.id ?? null}
          blockBytes={blockBytes}
          go={go}
        />
      ) : (
        <>
          <TxnPatternDefs prefix={patterns} kinds={KINDS} />
          <ul className="bv-legend vg-gantt-legend" aria-label="Transaction kinds">
            {KINDS.map((k) => (
              <li key={k}>
                <TxnSwatch prefix={patterns} kind={k} />
                <strong>{k}</strong> {txnNames[k]}
              </li>
            ))}
          </ul>
          <svg width={w} height={HEIGHT} role="group" aria-label="Recent bus transactions">
            <line className="vg-gantt-axis" x1={PAD} x2={w - PAD} y1={AXIS_Y} y2={AXIS_Y} />
            {ticks.map((t) => (
              <g key={t} transform={`translate(${x(t)},${AXIS_Y})`} aria-hidden="true">
                <line className="vg-gantt-axis" y2={4} />
                <text className="vg-gantt-tick" y={16} textAnchor="middle">
                  {t}
                </text>
              </g>
            ))}
            {bars.map((b) => {
              const colour = txnColours[b.txn.kind] ?? UNKNOWN_TXN;
              const text = `${b.txn.kind} by ${procName(b.txn.requester)} for ${blockAddr(b.txn.block, blockBytes)}, cycles ${b.txn.grantedAt}–${b.txn.endsAt}`;
              return (
                <g
                  key={b.txn.id}
                  className={`vg-gantt-bar${selectedTxn === b.txn.id ? ' vg-selected' : ''}`}
                  role="button"
                  tabIndex={0}
                  aria-label={`${text}: go to cycle ${b.txn.grantedAt}`}
                  data-testid="bus-timeline-bar"
                  onClick={() => go(b.txn)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      go(b.txn);
                    }
                  }}
                >
                  <title>{text}</title>
                  <rect x={b.x} y={BAR_Y} width={b.w} height={BAR_H} fill={colour} />
                  {b.lane === 'inside' ? null : (
                    <rect
                      className="vg-gantt-pattern"
                      x={b.x}
                      y={BAR_Y}
                      width={b.w}
                      height={BAR_H}
                      fill={`url(#${patternId(patterns, b.txn.kind)})`}
                      data-kind={b.txn.kind}
                      data-testid="bus-timeline-pattern"
                    />
                  )}
                  {b.lane === 'inside' ? (
                    <text x={b.x + 4} y={BAR_Y + 16} fill={inkFor(colour)}>
                      {b.label}
                    </text>
                  ) : b.lane !== null ? (
                    <text x={b.lx} y={(b.lane + 1) * LANE_H - 3} fill="#111">
                      {b.label}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <line
              className="vg-gantt-now"
              x1={x(cycle)}
              x2={x(cycle)}
              y1={BAR_Y - 6}
              y2={AXIS_Y + 4}
              aria-hidden="true"
            />
          </svg>
        </>
      )}
    </div>
  );
}
