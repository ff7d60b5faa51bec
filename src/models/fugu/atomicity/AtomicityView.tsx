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
import { useEventsOf } from '../../../state/log-query';
import { useApp } from '../../../state/store';
import { TableToggle } from '../../../views/TableToggle';
import { useElementWidth } from '../../../views/use-element-width';
import { NodePicker, useFuguFrame, useFuguMeta, useFuguNode, type FuguMeta } from '../selection';
import {
  LANE_OF,
  ledgerRows,
  nodeHistory,
  windowsOf,
  type LaneName,
  type NodeHistory,
  type Window,
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
/** Pixels of a cut-out wait, and the least a stretch of work gets. */
const GAP_W = 34;
const WINDOW_MIN_W = 72;

/** A piecewise-linear x scale over the windows, with GAP_W pixels between them. */
function piecewise(windows: readonly Window[], left: number, right: number) {
  // Many gaps in a narrow panel share at most a third of it.
  const gapW = Math.min(GAP_W, (right - left) / 3 / Math.max(1, windows.length - 1));
  const room = right - left - gapW * (windows.length - 1);
  const total = windows.reduce((t, w) => t + w.to - w.from, 0);
  const raw = windows.map((w) => Math.max(WINDOW_MIN_W, ((w.to - w.from) / total) * room));
  const fit = room / raw.reduce((t, r) => t + r, 0);
  let at = left;
  const spans = windows.map((w, i) => {
    const width = raw[i]! * fit;
    const span = { ...w, x0: at, x1: at + width };
    at += width + gapW;
    return span;
  });
  /** The pieces of [a, b] that fall in a window, in pixels. */
  const pieces = (a: number, b: number) =>
    spans
      .filter((sp) => b > sp.from && a < sp.to)
      .map((sp) => {
        const k = (sp.x1 - sp.x0) / (sp.to - sp.from);
        return {
          x0: sp.x0 + (Math.max(a, sp.from) - sp.from) * k,
          x1: sp.x0 + (Math.min(b, sp.to) - sp.from) * k,
        };
      });
  /** A cycle's x, or null when it lies in a gap. */
  const x = (c: number) => {
    const sp = spans.find((w) => c >= w.from && c <= w.to);
    return sp ? sp.x0 + ((c - sp.from) * (sp.x1 - sp.x0)) / (sp.to - sp.from) : null;
  };
  return { spans, pieces, x, gapW };
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
  const windows = windowsOf(h, message, cycle);
  const w = Math.max(360, width);
  const scale = piecewise(windows, LABEL_W, w - 10);
  const start = windows[0]!.from;
  const end = windows.at(-1)!.to;
  const now = cycle + 1;
  const shown = h.slices.filter((s) => s.start <= cycle && scale.pieces(s.start, s.end).length);
  const timerTop = LANES.length * LANE_H;
  const bandsTop = timerTop + LANE_H + 6;
  const height = bandsTop + BITS.length * BAND_H + 24;
  const timerY = scaleLinear()
    .domain([0, timeout])
    .range([timerTop + LANE_H - 3, timerTop + 3]);
  // The counter in each window: level while held, falling one a cycle while it counts (its
  // events mark where it starts, stops, is preset or expires), up to now.
  const lastPoint = (c: number) => [...h.timer].reverse().find((p) => p.cycle <= c);
  const valueAt = (c: number) => {
    const p = lastPoint(c);
    if (!p) return timeout;
    return p.counting ? Math.max(0, p.counter - (c - p.cycle)) : p.counter;
  };
  const timerLines = scale.spans
    .filter((sp) => sp.from <= now)
    .map((sp) => {
      const until = Math.min(sp.to, now);
      const changes = h.timer.filter((p) => p.cycle > sp.from && p.cycle <= until);
      const xy = (c: number, v: number) => `${scale.x(c)!},${timerY(v)}`;
      const points = [xy(sp.from, valueAt(sp.from))];
      for (const q of changes) {
        points.push(xy(q.cycle, valueAt(q.cycle - 1)), xy(q.cycle, q.counter));
      }
      points.push(xy(until, valueAt(until)));
      return points.join(' ');
    });
  const nowX = scale.x(Math.min(now, end));
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
        aria-label={`timeline of message ${message}: ${windows.map((v) => `cycles ${v.from} to ${v.to}`).join(', then ')}`}
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
        {shown.flatMap((s, i) => {
          const lane = LANES.indexOf(LANE_OF[s.actor]!);
          const ours = s.message === message;
          const fill = !ours
            ? '#dddddd'
            : s.category === 'host-sw'
              ? SHADES[i % 2]!
              : CATEGORY_COLOURS[s.category];
          return scale.pieces(s.start, Math.min(s.end, now)).map(({ x0, x1 }, k) => {
            const label = ours ? barLabel(s.phase, s.end - s.start, x1 - x0) : null;
            return (
              <g key={`${i}.${k}`}>
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
          });
        })}
        {timerLines.map((points, k) => (
          <polyline key={k} fill="none" stroke="#a30000" strokeWidth={2} points={points} />
        ))}
        {BITS.map(([bit, label, colour], i) => (
          <g key={bit}>
            <text x={4} y={bandsTop + i * BAND_H + 11} fontSize={11}>
              {label}
            </text>
            {h.bands
              .filter((b) => b.bit === bit && b.start < now)
              .flatMap((b) => scale.pieces(b.start, Math.min(b.end, now)))
              .map(({ x0, x1 }, k) => (
                <rect
                  key={k}
                  x={x0}
                  y={bandsTop + i * BAND_H + 2}
                  width={Math.max(1, x1 - x0)}
                  height={BAND_H - 4}
                  fill={colour}
                />
              ))}
          </g>
        ))}
        {scale.spans.slice(1).map((sp, k) => {
          const x0 = sp.x0 - scale.gapW;
          const skipped = sp.from - scale.spans[k]!.to;
          return (
            <g key={`gap${k}`}>
              <title>{`${skipped.toLocaleString('en')} cycles without this message's work on this node, cut out`}</title>
              <rect x={x0 + 3} y={0} width={scale.gapW - 6} height={height - 20} fill="#f2f2f2" />
              <path
                d={`M${x0 + 3},${height - 26} l6,-8 M${x0 + scale.gapW - 9},${height - 26} l6,-8`}
                stroke="#555"
              />
              {scale.gapW >= GAP_W ? (
                <text
                  x={x0 + scale.gapW / 2}
                  y={height - 8}
                  textAnchor="middle"
                  fontSize={10}
                  className="fgv-gap-label"
                >
                  {`+${skipped.toLocaleString('en')}`}
                </text>
              ) : null}
            </g>
          );
        })}
        {nowX !== null && cycle >= start ? (
          <line x1={nowX} x2={nowX} y1={0} y2={height - 18} stroke="#111" />
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
  const log = useEventsOf('phase', 'fugu.uac', 'fugu.timer');
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
        <div className="fgv-grid fgv-grid-wide">
          {table ? null : (
            <Timeline h={h} message={message} cycle={cycle} timeout={meta.atomicityTimeout} />
          )}
          <Ledger meta={meta} h={h} message={message} cycle={cycle} />
        </div>
      )}
    </div>
  );
}
