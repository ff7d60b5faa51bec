/**
 * Message-size sweeps of the loaded cni scenario, the paper's Figs. 6 and 7 (digest §D.2-D.3):
 * choose the figure (ping-pong round trip, or streaming bandwidth as a fraction of 144 MB/s) and
 * the bus, run every NI that fits the bus at every size in the worker, and read one curve per NI
 * against a log2 axis of message size — with the numbers as a table (always read by screen
 * readers, shown on request).
 */
import { count } from '../../../sim-core/kernel/words';
import { useId, useMemo, useState } from 'react';
import {
  CNI_SWEEP_SIZES,
  cniSweepPlan,
  niKindsOn,
  SWEEP_MESSAGES,
  SWEEP_ROUNDS,
  type BusKind,
  type CniMetric,
  type CniSweepPoint,
  type CniSweepRequest,
} from '../../../sim-core/index';
import type { ChartPoint, SweepChartOptions } from '../../d3/sweep-chart';
import { actions, sweepOf, useApp } from '../../state/store';
import { SweepControls } from '../../views/charts/SweepControls';
import '../../views/views-graphics.css';
import '../../views/views-charts.css';
import { ChartFigure } from '../../views/charts/ChartFigure';
import { NI_STYLES } from '../../views/charts/series-styles';
import { TableToggle } from '../../views/TableToggle';
import { cniFace } from '../../../sim-core/ni/cni/cni-face';

const X_LABEL = 'Message size (bytes, log scale)';
/** One drawing per figure: the y axis differs, and the caption names the paper's figure. */
const CHARTS: Record<CniMetric, SweepChartOptions> = {
  latency: {
    id: 'sweep',
    xLabel: X_LABEL,
    yLabel: 'Round-trip latency (cycles)',
    xScale: 'log2',
  },
  bandwidth: {
    id: 'sweep',
    xLabel: X_LABEL,
    yLabel: 'Bandwidth (fraction of 144 MB/s)',
    xScale: 'log2',
    yReference: { value: 1, label: '144 MB/s: two processors through a local queue' },
  },
};

const METRICS: { value: CniMetric; label: string }[] = [
  { value: 'latency', label: 'Fig. 6 · round-trip latency' },
  { value: 'bandwidth', label: 'Fig. 7 · bandwidth' },
];
/** The paper's panels: (a) on the memory bus, (b) on the I/O bus. */
const BUSES: Record<BusKind, { label: string; panel: string }> = {
  memory: { label: 'memory bus', panel: 'a' },
  io: { label: 'I/O bus', panel: 'b' },
  cache: { label: 'cache bus', panel: 'c' },
};
const BUS_ORDER: readonly BusKind[] = ['memory', 'io', 'cache'];

function figureTitle(req: CniSweepRequest): string {
  const { label, panel } = BUSES[req.bus];
  return req.metric === 'latency'
    ? `Fig. 6${panel} · Round-trip latency vs message size, ${label}`
    : `Fig. 7${panel} · Bandwidth vs message size, ${label}`;
}

/** A cell without a value: not run yet (or cancelled), stopped at the cap, or a model error. */
const FAILED_CELL: Record<CniSweepPoint['outcome'] | 'pending', string> = {
  pending: '…',
  done: 'no value',
  cap: 'cycle cap',
  error: 'model error',
};

/** The value in words, for the marker's tooltip. */
function valueText(p: CniSweepPoint): string {
  if (p.value === null) return FAILED_CELL[p.outcome];
  return p.metric === 'latency'
    ? count(p.value, 'cycle')
    : `${p.value.toFixed(3)} (${(p.value * 144).toFixed(1)} MB/s)`;
}

function chartPoints(points: CniSweepPoint[]): ChartPoint[] {
  return points.map((p) => ({
    series: p.ni,
    x: p.bytes,
    y: p.value,
    hollow: false,
    title: `${p.ni}, ${p.bytes} B: ${valueText(p)}`,
  }));
}

/** Rows of sizes, columns of NIs: the same numbers as the chart, readable without it. */
function CniPointsTable({
  request,
  points,
  visible,
}: {
  request: CniSweepRequest;
  points: CniSweepPoint[];
  visible: boolean;
}) {
  const nis = request.nis.filter((ni) => niKindsOn(request.bus).includes(ni));
  const at = (ni: string, bytes: number) => points.find((p) => p.ni === ni && p.bytes === bytes);
  const unit = request.metric === 'latency' ? 'cycles' : 'fraction of 144 MB/s';
  return (
    <table className={visible ? 'sc-table' : 'sc-table vg-sr-only'} data-testid="sweep-table">
      <caption>
        {figureTitle(request)} ({unit})
      </caption>
      <thead>
        <tr>
          <th scope="col">Bytes</th>
          {nis.map((ni) => (
            <th scope="col" key={ni}>
              {ni}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {request.sizes.map((bytes) => (
          <tr key={bytes}>
            <th scope="row">{bytes}</th>
            {nis.map((ni) => {
              const p = at(ni, bytes);
              const text =
                !p || p.value === null
                  ? FAILED_CELL[p?.outcome ?? 'pending']
                  : request.metric === 'latency'
                    ? String(p.value)
                    : p.value.toFixed(3);
              return (
                <td key={ni} data-testid={`sweep-cell-${ni}-${bytes}`}>
                  {text}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CniSweepPanel() {
  const sweep = useApp((s) => sweepOf<CniSweepRequest, CniSweepPoint>(s, 'message-size'));
  const scenarioBus = useApp((s) =>
    s.scenario?.system.kind === cniFace.kind ? s.scenario.system.bus : null,
  );
  const ready = useApp((s) => s.api !== null && !s.loading);
  const [metric, setMetric] = useState<CniMetric>(() => sweep.request?.metric ?? 'latency');
  const [bus, setBus] = useState<BusKind>(() => sweep.request?.bus ?? scenarioBus ?? 'memory');
  const [showTable, setShowTable] = useState(false);
  const uid = useId();

  const request = sweep.request;
  // Before the first sweep the chart shows the chosen figure's empty axes.
  const shown = useMemo<CniSweepRequest>(
    () => request ?? { metric, bus, nis: niKindsOn(bus), sizes: [...CNI_SWEEP_SIZES[metric]] },
    [request, metric, bus],
  );
  const series = useMemo(
    () =>
      niKindsOn(shown.bus)
        .filter((ni) => shown.nis.includes(ni))
        .map((ni) => ({ key: ni, style: NI_STYLES[ni] })),
    [shown],
  );
  const points = useMemo(() => chartPoints(sweep.points), [sweep.points]);
  const failed = sweep.points.filter((p) => p.outcome !== 'done');

  const run = () => {
    const next: CniSweepRequest = {
      metric,
      bus,
      nis: niKindsOn(bus),
      sizes: [...CNI_SWEEP_SIZES[metric]],
    };
    void actions.runSweep('message-size', next, cniSweepPlan(next).length);
  };

  const stale = request !== null && (request.metric !== metric || request.bus !== bus);

  return (
    <div className="sc-view" data-testid="charts-view">
      <div className="sc-form">
        <fieldset className="sc-group">
          <legend>Figure</legend>
          {METRICS.map((m) => (
            <label key={m.value} className="sc-check">
              <input
                type="radio"
                name={`${uid}-metric`}
                checked={metric === m.value}
                onChange={() => setMetric(m.value)}
                data-testid={`sweep-metric-${m.value}`}
              />
              {m.label}
            </label>
          ))}
        </fieldset>
        <fieldset className="sc-group">
          <legend>Bus</legend>
          {BUS_ORDER.map((b) => (
            <label key={b} className="sc-check">
              <input
                type="radio"
                name={`${uid}-bus`}
                checked={bus === b}
                onChange={() => setBus(b)}
                data-testid={`sweep-bus-${b}`}
              />
              {BUSES[b].label}
            </label>
          ))}
        </fieldset>
        <SweepControls sweep={sweep} canRun={ready} onRun={run} started={request !== null} />
        <TableToggle
          checked={showTable}
          onChange={setShowTable}
          testId="sweep-table-toggle"
          className="sc-check"
        />
      </div>
      <p className="sc-note">
        {metric === 'latency'
          ? `Each point is a ping-pong between two nodes, long enough to go twice round the NI's queues (${SWEEP_ROUNDS} rounds at least); it plots the median round trip over the second half of the rounds, when every queue slot is warm.`
          : `Each point streams ${SWEEP_MESSAGES} messages from one node to another; it plots the steady bandwidth as a fraction of 144 MB/s, the most two processors move through a local queue on the memory bus.`}{' '}
        The loaded scenario&rsquo;s machine runs with each NI in turn.{' '}
        {bus === 'io'
          ? 'CNI16Qm cannot sit on the I/O bus (its queue is homed in main memory, which a device behind the bridge cannot cache), so it is left out, as in the paper.'
          : bus === 'cache'
            ? 'Only NI2w sits on the cache bus (its uncached loads and stores cost 4 cycles there); the paper draws it against CNI16Qm on the memory bus (Figs. 6c and 7c).'
            : ''}
        {stale ? ' The chart shows the last sweep until you run this one.' : ''}
      </p>
      {failed.length > 0 && (
        <ul className="sc-errors" data-testid="sweep-failures">
          {failed.map((p) => (
            <li key={`${p.ni}-${p.bytes}`}>
              {p.ni} at {p.bytes} bytes: {p.outcome === 'cap' ? 'cycle cap' : 'model error'} —{' '}
              {p.problem}
            </li>
          ))}
        </ul>
      )}
      <div className="sc-charts">
        <ChartFigure
          title={figureTitle(shown)}
          options={CHARTS[shown.metric]}
          points={points}
          series={series}
          xs={shown.sizes}
        />
        {request ? (
          <CniPointsTable request={request} points={sweep.points} visible={showTable} />
        ) : showTable ? (
          <p className="sc-note" data-testid="sweep-table-empty">
            Run the sweep to fill the table.
          </p>
        ) : null}
      </div>
    </div>
  );
}
