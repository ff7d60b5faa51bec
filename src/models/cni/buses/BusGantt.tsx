/**
 * One node's bus as a Gantt row over the last cycles, true to scale (an INV is visibly cheaper
 * than an RD, a train of UCR8 polls visibly fills the bus), the current transaction outlined.
 * One bar is the row's tab stop; ← and → move between bars, hovering or focusing a bar tells why
 * it happened, and Enter goes to the cycle it was granted. A bar too narrow for its name carries
 * its kind's pattern; on request the same transactions are listed as a table.
 */
import { count } from '../../../../sim-core/kernel/words';
import { scaleLinear } from 'd3';
import { useState } from 'react';
import type { CniNodeView, TxnView } from '../../../../sim-core/ni/cni/cni-frame';
import { BUS_NAMES, type BusKind } from '../../../../sim-core/ni/cni/config';
import { txnText } from '../../../d3/cni-text';
import { actions } from '../../../state/store';
import { BusCounters } from './BusCounters';
import { BusWaiting } from './BusWaiting';
import { TxnBars } from '../../../views/buses/TxnBars';

/** How many cycles the row shows, ending at the current cycle. */
export const WINDOW = 400;
const PAD = 10;
const BAR_Y = 2;
const BAR_H = 28;
const AXIS_Y = BAR_Y + BAR_H + 4;
const HEIGHT = AXIS_Y + 18;

const busName = (kind: BusKind) => BUS_NAMES[kind];

export function BusGantt({
  node,
  cycle,
  width,
  nodes,
  patterns,
  asTable,
}: {
  node: CniNodeView;
  cycle: number;
  width: number;
  nodes: number;
  /** The id prefix of the view's transaction patterns (src/views/buses/txn-patterns.tsx). */
  patterns: string;
  asTable: boolean;
}) {
  const [focused, setFocused] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const w = Math.max(width, 300);
  // A fixed span keeps every row true to scale from one cycle to the next (and between rows).
  const start = Math.max(0, cycle - WINDOW);
  const x = scaleLinear()
    .domain([start, start + WINDOW])
    .range([PAD, w - PAD]);
  const bars = node.bus.recent.filter((t) => t.endsAt > start && t.grantedAt <= cycle);
  const current = node.bus.current;
  const ticks = x.ticks(Math.max(2, Math.floor(w / 110))).filter(Number.isInteger);
  const told = bars.find((t) => t.id === (hovered ?? focused)) ?? null;
  const label = `Node ${node.id}, ${busName(node.bus.kind)}`;

  return (
    <section className="bv-row" aria-label={label} data-testid={`bus-row-${node.id}`}>
      <div className="bv-head">
        <h3>{nodes > 1 ? label : busName(node.bus.kind)}</h3>
        <BusCounters node={node} cycle={cycle} />
      </div>
      {bars.length === 0 ? (
        <p className="vg-muted">No bus transactions in the last {WINDOW} cycles.</p>
      ) : (
        <svg
          width={w}
          height={HEIGHT}
          role="group"
          aria-label={`${label}: transactions of the last ${WINDOW} cycles`}
        >
          <line className="bv-axis" x1={PAD} x2={w - PAD} y1={AXIS_Y} y2={AXIS_Y} />
          {ticks.map((t) => (
            <g key={t} transform={`translate(${x(t)},${AXIS_Y})`} aria-hidden="true">
              <line className="bv-axis" y2={4} />
              <text className="bv-tick" y={15} textAnchor="middle">
                {t}
              </text>
            </g>
          ))}
          <TxnBars
            bars={bars.map((t) => ({
              id: t.id,
              kind: t.kind,
              agent: t.agent,
              from: Math.max(t.grantedAt, start),
              to: Math.min(t.endsAt, cycle),
              at: t.grantedAt,
              posted: t.posted,
              words: `${txnText(t)}: ${t.why}`,
            }))}
            x={x}
            y={BAR_Y}
            height={BAR_H}
            patterns={patterns}
            currentId={current?.id ?? null}
            focusedId={focused}
            onFocus={setFocused}
            onHover={setHovered}
          />
          <line
            className="bv-now"
            x1={x(cycle)}
            x2={x(cycle)}
            y1={0}
            y2={AXIS_Y + 4}
            aria-hidden="true"
          />
        </svg>
      )}
      <p className="bv-why" data-testid={`bus-why-${node.id}`}>
        {told ? (
          <>
            <strong>{txnText(told)}</strong>: {told.why}
          </>
        ) : current ? (
          <>
            <strong>Now: {txnText(current)}</strong> ({cycle - current.grantedAt} of{' '}
            {count(current.endsAt - current.grantedAt, 'cycle')}): {current.why}
          </>
        ) : (
          'The bus is idle. Point at or focus a bar to see why it happened.'
        )}
      </p>
      {asTable && bars.length > 0 ? <BusTable label={label} bars={bars} current={current} /> : null}
      <BusWaiting queue={node.bus.queue} />
    </section>
  );
}

/** The row's transactions as a table, oldest first: what the bars show, readable without them. */
function BusTable({
  label,
  bars,
  current,
}: {
  label: string;
  bars: TxnView[];
  current: TxnView | null;
}) {
  return (
    <table className="vt-table bv-table" data-testid="bus-table">
      <caption>
        {label}: {count(bars.length, 'transaction')} of the last {WINDOW} cycles
      </caption>
      <thead>
        <tr>
          <th scope="col">cycles</th>
          <th scope="col">kind</th>
          <th scope="col">by</th>
          <th scope="col">block</th>
          <th scope="col">data from</th>
          <th scope="col">why</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((t) => (
          <tr key={t.id} aria-current={current?.id === t.id ? 'true' : undefined}>
            <td className="num">
              <button
                type="button"
                className="bv-goto"
                title={`Go to cycle ${t.grantedAt}`}
                onClick={() => void actions.seek(t.grantedAt)}
              >
                {t.grantedAt}–{t.endsAt}
              </button>
            </td>
            <th scope="row">
              {t.kind}
              {t.posted ? ' (posted)' : ''}
            </th>
            <td>{t.agent}</td>
            <td>{t.target}</td>
            <td>{t.source}</td>
            <td>
              {t.why}
              {current?.id === t.id ? ' · on the bus now' : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
