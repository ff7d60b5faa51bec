/**
 * The scheduler grid (seed 004 Figs. 7-3 to 7-5, 7-17): processors down, time across, each stretch
 * coloured by the application the node ran (grey: the scheduler's own run at a slice edge, or
 * idle), so gang slices line up and skew staggers their edges diagonally; messages that arrived
 * for an application not running there — the mismatch windows — hatched on top.
 */
import { scaleLinear } from 'd3';
import { useMemo, useState } from 'react';
import type { SimEvent } from '../../../../sim-core/index';
import { useEventsOf } from '../../../state/log-query';
import { useApp } from '../../../state/store';
import { TableToggle } from '../../../views/TableToggle';
import { useElementWidth } from '../../../views/use-element-width';
import { gidStyle, useFuguFrame, useFuguMeta, type FuguMeta } from '../selection';
import '../fugu.css';

interface Stretch {
  node: number;
  start: number;
  end: number;
  gid: number;
}

interface Grid {
  stretches: Stretch[];
  mismatches: { node: number; cycle: number; gid: number }[];
}

type Stamped = SimEvent & { cycle: number };

function grid(log: readonly SimEvent[], nodes: number, cycle: number, switchCycles: number): Grid {
  const stretches: Stretch[] = [];
  const current = Array.from({ length: nodes }, () => ({ start: 0, gid: 0 }));
  const mismatches: Grid['mismatches'] = [];
  for (const raw of log) {
    const e = raw as Stamped;
    if (e.cycle > cycle) break;
    if (e.kind === 'fugu.sched') {
      const c = current[e.node]!;
      const schedStart = Math.max(c.start, e.cycle - switchCycles + 1);
      if (schedStart > c.start)
        stretches.push({ node: e.node, start: c.start, end: schedStart, gid: c.gid });
      stretches.push({ node: e.node, start: schedStart, end: e.cycle + 1, gid: 0 });
      current[e.node] = { start: e.cycle + 1, gid: e.to === null ? 0 : e.gid };
    } else if (e.kind === 'fugu.dispatch' && e.row === 'mismatch')
      mismatches.push({ node: e.node, cycle: e.cycle, gid: e.gid });
  }
  current.forEach((c, node) =>
    stretches.push({ node, start: c.start, end: cycle + 1, gid: c.gid }),
  );
  return { stretches, mismatches };
}

const ROW_H = 22;
const LABEL_W = 70;

function Picture({ g, meta, from, to }: { g: Grid; meta: FuguMeta; from: number; to: number }) {
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const w = Math.max(360, width);
  const x = scaleLinear()
    .domain([from, Math.max(to, from + 1)])
    .range([LABEL_W, w - 8]);
  const h = meta.nodes * ROW_H + 28;
  return (
    <div
      ref={ref}
      className="fgv-scroll"
      tabIndex={0}
      role="region"
      aria-label="The scheduler grid (scrolls sideways)"
    >
      <svg
        className="fgv-svg"
        width={w}
        height={h}
        role="img"
        aria-label="processors by time, coloured by application"
      >
        <defs>
          <pattern
            id="fgv-hatch"
            width={6}
            height={6}
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width={2.5} height={6} fill="#111" />
          </pattern>
        </defs>
        {Array.from({ length: meta.nodes }, (_, n) => (
          <text key={n} x={4} y={n * ROW_H + 15}>
            node {n}
          </text>
        ))}
        {g.stretches
          .filter((s) => s.end > from && s.start < to)
          .map((s, i) => {
            const st = gidStyle(meta, s.gid);
            const x0 = x(Math.max(s.start, from));
            return (
              <rect
                key={i}
                x={x0}
                y={s.node * ROW_H + 2}
                width={Math.max(1, x(Math.min(s.end, to)) - x0)}
                height={ROW_H - 4}
                fill={s.gid === 0 ? '#d9d9d9' : st.fill}
              >
                <title>{`node ${s.node}: ${st.name}, cycles ${s.start}–${s.end}`}</title>
              </rect>
            );
          })}
        {g.mismatches
          .filter((m) => m.cycle >= from && m.cycle <= to)
          .map((m, i) => (
            <rect
              key={i}
              x={x(m.cycle) - 3}
              y={m.node * ROW_H + 2}
              width={7}
              height={ROW_H - 4}
              fill="url(#fgv-hatch)"
              stroke="#111"
              strokeWidth={0.5}
            >
              <title>{`node ${m.node}, cycle ${m.cycle}: a message for GID ${m.gid} arrives while it is not running`}</title>
            </rect>
          ))}
        <text x={LABEL_W} y={h - 6}>
          cycle {from}
        </text>
        <text x={w - 8} y={h - 6} textAnchor="end">
          cycle {to}
        </text>
      </svg>
    </div>
  );
}

export function SchedView() {
  const frame = useFuguFrame();
  const meta = useFuguMeta();
  const log = useEventsOf('fugu.sched', 'fugu.dispatch');
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const [table, setTable] = useState(false);
  const g = useMemo(
    () => (meta ? grid(log, meta.nodes, cycle, meta.scheduler.switchCycles) : null),
    [log, meta, cycle],
  );
  if (!frame || !meta || !g) return <p className="vg-muted">No FUGU scenario loaded.</p>;
  const span = 4 * meta.scheduler.timeslice;
  const from = Math.max(0, cycle - span);
  const shown = g.mismatches.filter((m) => m.cycle >= from);
  return (
    <div className="fgv-view" data-testid="fugu-sched-view">
      <div className="fgv-toolbar">
        <span className="fgv-sub">
          timeslice {meta.scheduler.timeslice.toLocaleString('en')} cycles · round{' '}
          {meta.scheduler.round
            .map((s) => (s === 'free' ? 'free' : gidStyle(meta, s).name))
            .join(', ')}{' '}
          · skew {Math.round(meta.scheduler.skew * 100)} % (node n's clock runs{' '}
          {meta.scheduler.offsets[meta.nodes - 1] ?? 0} cycles ahead at the last node)
        </span>
        <TableToggle checked={table} onChange={setTable} testId="fugu-sched-table-toggle" />
      </div>
      <ul className="fgv-legend" aria-label="legend">
        {meta.apps.map((a) => {
          const st = gidStyle(meta, a.gid);
          return (
            <li key={a.gid}>
              <span className="fgv-swatch" style={{ background: st.fill }} /> {a.name} (GID {a.gid}
              {a.like ? `, ${a.like}-like` : ''}, {a.schedule})
            </li>
          );
        })}
        <li>
          <span className="fgv-swatch" style={{ background: '#d9d9d9' }} /> scheduler or idle
        </li>
        <li>
          <span
            className="fgv-swatch"
            style={{ background: 'repeating-linear-gradient(45deg,#111 0 2px,#fff 2px 5px)' }}
          />{' '}
          a message arrives for an application not running (mismatch)
        </li>
      </ul>
      {table ? (
        <table className="fgv-ledger" data-testid="fugu-sched-table">
          <caption>Since cycle {from}: who ran, and mismatched arrivals</caption>
          <thead>
            <tr>
              <th scope="col">node</th>
              <th scope="col">stretches (application: cycles)</th>
              <th scope="col" className="num">
                mismatched arrivals
              </th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: meta.nodes }, (_, n) => (
              <tr key={n}>
                <th scope="row">{n}</th>
                <td>
                  {g.stretches
                    .filter((s) => s.node === n && s.end > from)
                    .map(
                      (s) => `${gidStyle(meta, s.gid).name}: ${Math.max(s.start, from)}–${s.end}`,
                    )
                    .join('; ')}
                </td>
                <td className="num">{shown.filter((m) => m.node === n).length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Picture g={g} meta={meta} from={from} to={cycle} />
      )}
    </div>
  );
}
