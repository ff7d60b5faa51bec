/**
 * The atomicity timeline of one processor (seed 004 §4.1, Fig. 4-4; round2-spec §B3.3): three
 * lanes — the user thread, the atomic handler, the kernel and its stubs — with every stage of
 * Table 4-4 and 4-5 a labelled bar from the phase ledger, the UAC bits as a band beneath
 * (interrupt-disable, dispose-pending, atomicity-extend, timer-force), and the atomicity timer's
 * counter drawn over it. Beside it, the chosen message's stages against the seed's column.
 */
import { scaleLinear } from 'd3';
import { useMemo, useState } from 'react';
import { CATEGORY_COLOURS } from '../../../views/phases/PhasesView';
import { inkFor } from '../../../d3/colour';
import { useApp } from '../../../state/store';
import { TableToggle } from '../../../views/TableToggle';
import { useElementWidth } from '../../../views/use-element-width';
import { NodePicker, useFuguFrame, useFuguMeta, useFuguNode, type FuguMeta } from '../selection';
import {
  LANE_OF,
  ledgerRows,
  nodeHistory,
  type LaneName,
  type NodeHistory,
} from './atomicity-data';
import '../fugu.css';

const LANES: LaneName[] = ['user thread', 'atomic handler', 'kernel and stubs'];
const BITS = [
  ['interruptDisable', 'interrupt-disable', '#0072B2'],
  ['disposePending', 'dispose-pending', '#D55E00'],
  ['atomicityExtend', 'atomicity-extend', '#CC79A7'],
  ['timerForce', 'timer-force', '#009E73'],
] as const;
const LABEL_W = 120;
const LANE_H = 30;
const BAND_H = 15;
/** Neighbouring stages alternate between two shades, so each bar of Table 4-4 stands apart. */
const SHADES = ['#0072B2', '#56B4E9'];

/** The cycles the chosen message's slices on this node cover, whatever the current cycle. */
function span(h: NodeHistory, message: number): [number, number] {
  const mine = h.slices.filter((s) => s.message === message);
  return [Math.min(...mine.map((s) => s.start)), Math.max(...mine.map((s) => s.end))];
}

function barLabel(text: string, cycles: number, width: number): string | null {
  if (width > text.length * 6.5 + 6) return text;
  if (width > String(cycles).length * 7 + 4) return String(cycles);
  return null;
}

function Timeline({
  h,
  message,
  cycle,
  timeout,
}: {
  h: NodeHistory;
  message: number;
  cycle: number;
  timeout: number;
}) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [first, last] = span(h, message);
  const start = first - 10;
  const end = Math.max(last, first + 40) + 10;
  const w = Math.max(360, width);
  const x = scaleLinear()
    .domain([start, end])
    .range([LABEL_W, w - 10]);
  const now = Math.min(cycle + 1, end);
  const shown = h.slices.filter((s) => s.end > start && s.start < end && s.start <= cycle);
  const timerTop = LANES.length * LANE_H;
  const bandsTop = timerTop + LANE_H + 6;
  const height = bandsTop + BITS.length * BAND_H + 24;
  const timerY = scaleLinear()
    .domain([0, timeout])
    .range([timerTop + LANE_H - 3, timerTop + 3]);
  // The counter as a step line: preset while held, falling while it counts, up to now.
  const before = [...h.timer].reverse().find((p) => p.cycle < start);
  const points = [
    { cycle: start, counter: before ? before.counter : timeout },
    ...h.timer.filter((p) => p.cycle >= start && p.cycle <= now),
    { cycle: now, counter: h.timer.filter((p) => p.cycle <= now).at(-1)?.counter ?? timeout },
  ];
  return (
    <div
      ref={ref}
      className="fgv-scroll"
      tabIndex={0}
      role="region"
      aria-label="The atomicity timeline (scrolls sideways)"
    >
      <svg
        className="fgv-svg"
        width={w}
        height={height}
        role="img"
        aria-label={`timeline of message ${message}, cycles ${start} to ${end}`}
      >
        {[...LANES, 'atomicity timer'].map((lane, i) => (
          <g key={lane}>
            <text x={4} y={i * LANE_H + 19}>
              {lane}
            </text>
            <line
              x1={LABEL_W}
              x2={w - 10}
              y1={(i + 1) * LANE_H}
              y2={(i + 1) * LANE_H}
              stroke="#ddd"
            />
          </g>
        ))}
        {shown.map((s, i) => {
          const lane = LANES.indexOf(LANE_OF[s.actor]!);
          const x0 = x(Math.max(s.start, start));
          const x1 = x(Math.min(s.end, now));
          const ours = s.message === message;
          const fill = !ours
            ? '#dddddd'
            : s.category === 'host-sw'
              ? SHADES[i % 2]!
              : CATEGORY_COLOURS[s.category];
          const label = ours ? barLabel(s.phase, s.end - s.start, x1 - x0) : null;
          return (
            <g key={i}>
              <rect
                x={x0}
                y={lane * LANE_H + 4}
                width={Math.max(1, x1 - x0)}
                height={LANE_H - 8}
                fill={fill}
                stroke="#333"
                strokeWidth={0.5}
              >
                <title>{`${s.phase}: ${s.end - s.start} cycles (${s.start}–${s.end}) ${s.source}`}</title>
              </rect>
              {label ? (
                <text x={x0 + 3} y={lane * LANE_H + 19} fill={inkFor(fill)} fontSize={11}>
                  {label}
                </text>
              ) : null}
            </g>
          );
        })}
        <polyline
          fill="none"
          stroke="#a30000"
          strokeWidth={2}
          points={points
            .flatMap((p, k) => {
              const prev = points[k - 1];
              const px = x(Math.max(start, p.cycle));
              return prev
                ? [`${px},${timerY(prev.counter)}`, `${px},${timerY(p.counter)}`]
                : [`${px},${timerY(p.counter)}`];
            })
            .join(' ')}
        />
        {BITS.map(([bit, label, colour], i) => (
          <g key={bit}>
            <text x={4} y={bandsTop + i * BAND_H + 11} fontSize={11}>
              {label}
            </text>
            {h.bands
              .filter((b) => b.bit === bit && b.end > start && b.start < now)
              .map((b, k) => (
                <rect
                  key={k}
                  x={x(Math.max(b.start, start))}
                  y={bandsTop + i * BAND_H + 2}
                  width={Math.max(1, x(Math.min(b.end, now)) - x(Math.max(b.start, start)))}
                  height={BAND_H - 4}
                  fill={colour}
                />
              ))}
          </g>
        ))}
        {cycle >= start && cycle <= end ? (
          <line x1={x(now)} x2={x(now)} y1={0} y2={height - 18} stroke="#111" />
        ) : null}
        <text x={LABEL_W} y={height - 5}>
          cycle {start}
        </text>
        <text x={w - 10} y={height - 5} textAnchor="end">
          cycle {end}
        </text>
      </svg>
      <p className="fgv-small">
        The timer lane shows the counter falling from its preset ({timeout.toLocaleString('en')})
        while it counts: only while interrupt-disable is set and a message waits, or timer-force is
        set [004 L806-807, L867].
      </p>
    </div>
  );
}

function Ledger({
  meta,
  h,
  message,
  cycle,
}: {
  meta: FuguMeta;
  h: NodeHistory;
  message: number;
  cycle: number;
}) {
  const rows = ledgerRows(
    meta,
    h.slices.filter((s) => s.start <= cycle),
    message,
  );
  const total = (xs: (number | null)[]) => xs.reduce<number>((t, v) => t + (v ?? 0), 0);
  return (
    <table className="fgv-ledger" data-testid="fugu-atomicity-ledger">
      <caption>
        Message {message} on this node so far, stage by stage, beside the seed (
        {meta.atomicityLabel})
      </caption>
      <thead>
        <tr>
          <th scope="col">stage</th>
          <th scope="col" className="num">
            seed
          </th>
          <th scope="col" className="num">
            this message
          </th>
          <th scope="col">source</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            <th scope="row">{r.label}</th>
            <td className="num">{r.seed ?? '–'}</td>
            <td
              className={`num${r.seed !== null && r.ours !== null && r.seed !== r.ours ? ' fgv-diff' : ''}`}
            >
              {r.ours ?? '–'}
            </td>
            <td className="fgv-small">{r.source}</td>
          </tr>
        ))}
        <tr className="fgv-total">
          <th scope="row">total</th>
          <td className="num">{total(rows.map((r) => r.seed))}</td>
          <td className="num">{total(rows.map((r) => r.ours))}</td>
          <td />
        </tr>
      </tbody>
    </table>
  );
}

export function AtomicityView() {
  const frame = useFuguFrame();
  const meta = useFuguMeta();
  const node = useFuguNode(frame);
  const log = useApp((s) => s.log);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const [picked, setPicked] = useState<number | null>(null);
  const [table, setTable] = useState(false);
  // The whole run's history once per log and node (the axis of a message never rescales as
  // the student steps); what is drawn is cut at the current cycle.
  const nodeId = node?.id ?? -1;
  const h = useMemo(() => nodeHistory(log, nodeId, Infinity), [log, nodeId]);
  if (!frame || !meta || !node) return <p className="vg-muted">No FUGU scenario loaded.</p>;
  const begun = h.messages.filter((m) => h.slices.some((s) => s.message === m && s.start <= cycle));
  const message =
    picked !== null && begun.includes(picked) ? picked : (begun[begun.length - 1] ?? null);
  return (
    <div className="fgv-view" data-testid="fugu-atomicity-view">
      <div className="fgv-toolbar">
        <NodePicker frame={frame} node={node} />
        {begun.length ? (
          <label>
            Message{' '}
            <select
              value={message ?? ''}
              onChange={(e) => setPicked(Number(e.target.value))}
              data-testid="fugu-atomicity-message"
            >
              {begun.map((m) => (
                <option key={m} value={m}>
                  message {m}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <TableToggle checked={table} onChange={setTable} testId="fugu-atomicity-table-toggle" />
      </div>
      {message === null ? (
        <p className="vg-muted">No message has been sent or received on node {node.id} yet.</p>
      ) : (
        <div className="fgv-grid">
          {table ? null : (
            <Timeline h={h} message={message} cycle={cycle} timeout={meta.atomicityTimeout} />
          )}
          <Ledger meta={meta} h={h} message={message} cycle={cycle} />
        </div>
      )}
    </div>
  );
}
