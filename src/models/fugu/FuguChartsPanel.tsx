/**
 * FUGU's charts (round2-spec §B3.3; seed 004 Ch. 7), each measured point a complete run in the
 * worker of a synthetic workload with Table 7-2's rates (look-alikes, not the applications):
 * f_buf against the interactive share f, with the line f_buf = f (Fig. 7-11); the most buffer
 * pages against the overflow threshold, with y = x + 2 (Fig. 7-24); the slowdown against f between
 * the bounds 1/(1−f) and 1/(1−f)^P and the coscheduling line (Figs. 7-7 to 7-9). The analytic
 * lines are drawn dashed, as reference series; the numbers are also a table.
 */
import { symbolCircle, symbolDiamond, symbolSquare, symbolTriangle } from 'd3';
import { useId, useMemo, useState } from 'react';
import {
  FUGU_CHARTS,
  fuguSweepPlan,
  slowdownBounds,
  type FuguChart,
  type FuguSweepPoint,
  type FuguSweepRequest,
} from '../../../sim-core/ni/fugu/fugu-sweep';
import type { ChartPoint, ChartSeries, SweepChartOptions } from '../../d3/sweep-chart';
import { actions, sweepOf, useApp } from '../../state/store';
import { ChartFigure } from '../../views/charts/ChartFigure';
import { SweepControls } from '../../views/charts/SweepControls';
import { TableToggle } from '../../views/TableToggle';
import '../../views/views-graphics.css';
import '../../views/views-charts.css';

const NODES = 16;

const CHARTS: Record<
  FuguChart,
  { label: string; title: string; options: SweepChartOptions; note: string }
> = {
  fbuf: {
    label: 'Fig. 7-11 · f_buf against f',
    title: 'Messages buffered (f_buf) against the interactive job’s share of the processor (f)',
    options: {
      id: 'fugu-fbuf',
      xLabel: 'f: interactive share of each processor',
      yLabel: 'f_buf: fraction of messages buffered',
      xScale: 'linear',
    },
    note: `Enum-like and Barnes-like on ${NODES} processors against an interactive job taking a fraction f of each, priority scheduled. The seed: 14–33 % at f = 10 % in most applications, f_buf > 0 even at f = 0 (the scheduler runs at every slice edge), and below the f_buf = f line for the synchronising codes.`,
  },
  pages: {
    label: 'Fig. 7-24 · pages against threshold',
    title: 'Most buffer pages per process against the overflow-control threshold',
    options: {
      id: 'fugu-pages',
      xLabel: 'threshold (pages)',
      yLabel: 'most pages, any process',
      xScale: 'linear',
    },
    note: 'The runaway sender of §7.5 on 8 processors (every handler forces buffering). The seed: about threshold + 2 or 3 (Table 7-5), about 500 without control.',
  },
  slowdown: {
    label: 'Figs. 7-7 to 7-9 · slowdown against f',
    title: 'Slowdown of a parallel job against the interactive job’s share f',
    options: {
      id: 'fugu-slowdown',
      xLabel: 'f: interactive share of each processor',
      yLabel: 'slowdown (runtime ÷ runtime alone)',
      xScale: 'linear',
    },
    note: `A barrier-like job and a compute-only (null-like) job on ${NODES} processors, priority scheduled. The bounds: 1/(1−f) at best, 1/(1−f)^${NODES} at worst; fixed-slice coscheduling caps the slowdown at 2.`,
  },
};

const LOOKS: Record<string, Omit<ChartSeries['style'], 'name'> & { name: string }> = {
  enum: { name: 'enum-like', colour: '#D55E00', dash: null, shape: symbolCircle },
  barnes: { name: 'Barnes-like', colour: '#0072B2', dash: null, shape: symbolSquare },
  runaway: { name: 'runaway sender', colour: '#D55E00', dash: null, shape: symbolCircle },
  barrier: { name: 'barrier-like', colour: '#D55E00', dash: null, shape: symbolCircle },
  compute: { name: 'compute-only (null-like)', colour: '#0072B2', dash: null, shape: symbolSquare },
  diagonal: { name: 'f_buf = f', colour: '#555555', dash: '3 5', shape: symbolTriangle },
  plus2: { name: 'threshold + 2', colour: '#555555', dash: '3 5', shape: symbolTriangle },
  best: { name: '1/(1−f)', colour: '#009E73', dash: '3 5', shape: symbolTriangle },
  worst: {
    name: `1/(1−f)^${NODES} (drawn up to 6)`,
    colour: '#CC79A7',
    dash: '9 5',
    shape: symbolDiamond,
  },
  coscheduled: { name: 'coscheduling: 2', colour: '#555555', dash: '2 3', shape: symbolTriangle },
};

/** The analytic reference lines of a chart, at its x values. */
function references(chart: FuguChart): { key: string; x: number; y: number }[] {
  const xs = FUGU_CHARTS[chart].xs;
  if (chart === 'fbuf') return xs.map((x) => ({ key: 'diagonal', x, y: x }));
  if (chart === 'pages') return xs.map((x) => ({ key: 'plus2', x, y: x + 2 }));
  return xs.flatMap((x) => {
    const b = slowdownBounds(x, NODES);
    return [
      { key: 'best', x, y: b.best },
      { key: 'worst', x, y: Math.min(b.worst, 6) },
      { key: 'coscheduled', x, y: b.coscheduled },
    ];
  });
}

const text = (chart: FuguChart, y: number | null) =>
  y === null
    ? '—'
    : chart === 'pages'
      ? String(y)
      : chart === 'fbuf'
        ? `${(y * 100).toFixed(1)} %`
        : y.toFixed(2);

export function FuguChartsPanel() {
  const sweep = useApp((s) => sweepOf<FuguSweepRequest, FuguSweepPoint>(s, 'chapter7'));
  const ready = useApp((s) => s.api !== null && !s.loading);
  const [chart, setChart] = useState<FuguChart>(() => sweep.request?.chart ?? 'fbuf');
  const [table, setTable] = useState(false);
  const uid = useId();
  const shown = sweep.request?.chart ?? chart;
  const refs = useMemo(() => references(shown), [shown]);
  const series = useMemo(
    () =>
      [...FUGU_CHARTS[shown].series, ...new Set(refs.map((r) => r.key))].map((key) => ({
        key,
        style: LOOKS[key]!,
      })),
    [shown, refs],
  );
  const points: ChartPoint[] = useMemo(
    () => [
      ...refs.map((r) => ({
        series: r.key,
        x: r.x,
        y: r.y,
        hollow: false,
        title: `${LOOKS[r.key]!.name} at ${r.x}: ${r.y.toFixed(2)}`,
      })),
      ...sweep.points.map((p) => ({
        series: p.series,
        x: p.x,
        y: p.y,
        hollow: false,
        title: `${LOOKS[p.series]?.name ?? p.series} at ${p.x}: ${text(p.chart, p.y)}`,
      })),
    ],
    [refs, sweep.points],
  );
  const run = () => {
    const request: FuguSweepRequest = { chart, nodes: NODES };
    void actions.runSweep('chapter7', request, fuguSweepPlan(request).length);
  };
  const measured = FUGU_CHARTS[shown].series;
  return (
    <div className="sc-view" data-testid="charts-view">
      <div className="sc-form">
        <fieldset className="sc-group">
          <legend>Chart</legend>
          {(Object.keys(CHARTS) as FuguChart[]).map((c) => (
            <label key={c} className="sc-check">
              <input
                type="radio"
                name={`${uid}-chart`}
                checked={chart === c}
                onChange={() => setChart(c)}
                data-testid={`fugu-chart-${c}`}
              />
              {CHARTS[c].label}
            </label>
          ))}
        </fieldset>
        <SweepControls sweep={sweep} canRun={ready} onRun={run} started={sweep.request !== null} />
        <TableToggle
          checked={table}
          onChange={setTable}
          testId="sweep-table-toggle"
          className="sc-check"
        />
      </div>
      <p className="sc-note">
        {CHARTS[chart].note} Synthetic look-alikes with Table 7-2’s message rates, not the real
        applications; the dashed lines are analytic, not measured.
        {sweep.request && sweep.request.chart !== chart
          ? ' The chart shows the last sweep until you run this one.'
          : ''}
      </p>
      <div className="sc-charts">
        <ChartFigure
          title={CHARTS[shown].title}
          options={CHARTS[shown].options}
          points={points}
          series={series}
          xs={FUGU_CHARTS[shown].xs}
        />
        <table className={table ? 'sc-table' : 'sc-table vg-sr-only'} data-testid="sweep-table">
          <caption>{CHARTS[shown].title}</caption>
          <thead>
            <tr>
              <th scope="col">x</th>
              {measured.map((s) => (
                <th key={s} scope="col">
                  {LOOKS[s]!.name}
                </th>
              ))}
              {[...new Set(refs.map((r) => r.key))].map((k) => (
                <th key={k} scope="col">
                  {LOOKS[k]!.name} (analytic)
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FUGU_CHARTS[shown].xs.map((x) => (
              <tr key={x}>
                <th scope="row">{x}</th>
                {measured.map((s) => {
                  const p = sweep.points.find((q) => q.series === s && q.x === x);
                  return (
                    <td key={s}>
                      {p ? (p.outcome === 'done' ? text(p.chart, p.y) : p.problem) : '…'}
                    </td>
                  );
                })}
                {refs
                  .filter((r) => r.x === x)
                  .map((r) => (
                    <td key={r.key}>{r.y.toFixed(2)}</td>
                  ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
