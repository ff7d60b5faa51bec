/**
 * Load sweeps of the loaded network scenario: the form that starts one in the worker, its
 * progress, and the two classic charts — latency against offered load, and accepted against
 * offered throughput — with a table of the points as their text version, shown on request.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  ROUTER_NAMES,
  type RouterKind,
  type SweepPoint,
  type SweepRequest,
} from '../../../sim-core/index';
import type { ChartPoint, SweepChartOptions } from '../../d3/sweep-chart';
import { actions, sweepOf, useApp } from '../../state/store';
import { SweepControls } from '../../views/charts/SweepControls';
import '../../views/views-graphics.css';
import '../../views/views-charts.css';
import '../../views/views-tables.css';
import { ChartFigure } from '../../views/charts/ChartFigure';
import { ROUTER_STYLES } from '../../views/charts/series-styles';
import {
  checkFields,
  DEFAULT_FIELDS,
  type FieldName,
  type SweepFields,
} from '../../views/charts/sweepForm';
import { TableToggle } from '../../views/TableToggle';
import { networkFace } from '../../../sim-core/network/network-face';

const ROUTERS: readonly RouterKind[] = ROUTER_NAMES;

const X_LABEL = 'Offered load (phits/node/cycle)';
const HOLLOW = 'hollow: stalled (deadlock)';
const LATENCY: SweepChartOptions = {
  id: 'latency',
  xLabel: X_LABEL,
  yLabel: 'Average latency (cycles)',
  xScale: 'linear',
  hollowMeaning: HOLLOW,
};
const ACCEPTED: SweepChartOptions = {
  id: 'accepted',
  xLabel: X_LABEL,
  yLabel: 'Accepted (phits/node/cycle)',
  xScale: 'linear',
  identity: true,
  hollowMeaning: HOLLOW,
};

function pointTitle(p: SweepPoint): string {
  const latency = p.latency === null ? 'nothing delivered' : `${p.latency.toFixed(1)} cycles`;
  return (
    `${ROUTER_STYLES[p.router].name}: offered ${p.offered.toFixed(2)}, ` +
    `accepted ${p.accepted.toFixed(3)}, latency ${latency}` +
    (p.stalled ? ' (stalled: deadlock)' : '')
  );
}

/** The sweep's points as chart points of one measure. */
function chartPoints(points: SweepPoint[], y: (p: SweepPoint) => number | null): ChartPoint[] {
  return points.map((p) => ({
    series: p.router,
    x: p.offered,
    y: y(p),
    hollow: p.stalled,
    title: pointTitle(p),
  }));
}

/** The form as it was for the last sweep, so reopening the panel keeps the lecturer's settings. */
function fieldsOf(request: SweepRequest | null): SweepFields {
  const loads = request?.loads ?? [];
  const first = loads[0];
  const second = loads[1];
  const last = loads.at(-1);
  if (!request || first === undefined || last === undefined) return DEFAULT_FIELDS;
  return {
    routers: request.routers,
    from: String(first),
    to: String(last),
    step:
      second === undefined ? DEFAULT_FIELDS.step : String(Math.round((second - first) * 1e6) / 1e6),
    cycles: String(request.cycles),
    warmup: String(request.warmup),
  };
}

/** Always there for screen readers; on screen when "Show as table" is ticked. */
function PointsTable({ points, visible }: { points: SweepPoint[]; visible: boolean }) {
  return (
    <table className={visible ? 'vt-table' : 'vg-sr-only'} data-testid="sweep-table">
      <caption>Load sweep points</caption>
      <thead>
        <tr>
          <th scope="col">Router</th>
          <th scope="col">Offered</th>
          <th scope="col">Accepted</th>
          <th scope="col">Latency (cycles)</th>
          <th scope="col">Deroutes</th>
          <th scope="col">Stalled</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={`${p.router}-${p.offered}`}>
            <th scope="row">{ROUTER_STYLES[p.router].name}</th>
            <td>{p.offered.toFixed(2)}</td>
            <td>{p.accepted.toFixed(3)}</td>
            <td>{p.latency === null ? 'nothing delivered' : p.latency.toFixed(1)}</td>
            <td>{p.deroutes}</td>
            <td>{p.stalled ? 'yes (deadlock)' : 'no'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LoadSweepPanel() {
  const sweep = useApp((s) => sweepOf<SweepRequest, SweepPoint>(s, 'load'));
  const scenario = useApp((s) => s.scenario);
  const ready = useApp((s) => s.api !== null && !s.loading);
  const [fields, setFields] = useState<SweepFields>(() => fieldsOf(sweep.request));
  const [showTable, setShowTable] = useState(false);
  const uid = useId();
  const errorsId = `${uid}-errors`;

  const series = useMemo(
    () => (sweep.request?.routers ?? []).map((r) => ({ key: r, style: ROUTER_STYLES[r] })),
    [sweep.request],
  );
  const latencyPoints = useMemo(() => chartPoints(sweep.points, (p) => p.latency), [sweep.points]);
  const acceptedPoints = useMemo(
    () => chartPoints(sweep.points, (p) => p.accepted),
    [sweep.points],
  );

  const check = checkFields(fields);
  const errors = check.ok ? [] : check.errors;
  const invalid = (field: FieldName) => errors.some((e) => e.field === field);
  const inputProps = (field: Exclude<FieldName, 'routers'>) => ({
    type: 'number',
    value: fields[field],
    onChange: (e: { target: { value: string } }) =>
      setFields((f) => ({ ...f, [field]: e.target.value })),
    'aria-invalid': invalid(field),
    'aria-describedby': invalid(field) ? errorsId : undefined,
    'data-testid': `sweep-${field}`,
  });
  const toggleRouter = (r: RouterKind, on: boolean) =>
    setFields((f) => ({
      ...f,
      // Keep a fixed order so the legend and the table do not depend on click order.
      routers: ROUTERS.filter((x) => (x === r ? on : f.routers.includes(x))),
    }));

  const run = (e: FormEvent) => {
    e.preventDefault();
    if (check.ok && !sweep.running)
      void actions.runSweep(
        'load',
        check.request,
        check.request.routers.length * check.request.loads.length,
      );
  };

  const system = scenario?.system.kind === networkFace.kind ? scenario.system : null;
  const pattern =
    scenario && 'traffic' in scenario.workload ? scenario.workload.traffic.pattern : 'uniform';

  return (
    <div className="sc-view" data-testid="charts-view">
      <form className="sc-form" onSubmit={run} noValidate>
        <fieldset className="sc-group">
          <legend>Routers</legend>
          {ROUTERS.map((r) => (
            <label key={r} className="sc-check">
              <input
                type="checkbox"
                checked={fields.routers.includes(r)}
                onChange={(e) => toggleRouter(r, e.target.checked)}
                data-testid={`sweep-router-${r}`}
              />
              {ROUTER_STYLES[r].name}
            </label>
          ))}
        </fieldset>
        <fieldset className="sc-group">
          <legend>Offered load (phits/node/cycle)</legend>
          <label>
            from <input {...inputProps('from')} min={0.01} max={1} step={0.01} />
          </label>
          <label>
            to <input {...inputProps('to')} min={0.01} max={1} step={0.01} />
          </label>
          <label>
            step <input {...inputProps('step')} min={0.01} max={1} step={0.01} />
          </label>
        </fieldset>
        <fieldset className="sc-group">
          <legend>Cycles per point</legend>
          <label>
            cycles <input {...inputProps('cycles')} min={200} max={20000} step={100} />
          </label>
          <label>
            warm-up <input {...inputProps('warmup')} min={0} step={100} />
          </label>
        </fieldset>
        <SweepControls sweep={sweep} canRun={check.ok && ready} started={sweep.request !== null} />
      </form>
      {errors.length > 0 && (
        <ul className="sc-errors" id={errorsId} data-testid="sweep-errors">
          {errors.map((e) => (
            <li key={`${e.field}-${e.message}`}>{e.message}</li>
          ))}
        </ul>
      )}
      <p className="sc-note">
        Each point runs the loaded scenario&rsquo;s network
        {system ? ` (${system.k}×${system.k} ${system.topology})` : ''} and its {pattern} traffic
        pattern at that offered load, for the cycles given; the scenario&rsquo;s own load is
        replaced. The first warm-up cycles are not measured.
      </p>
      <div className="sc-charts">
        <ChartFigure
          title="Average latency vs offered load"
          options={LATENCY}
          points={latencyPoints}
          series={series}
          xs={sweep.request?.loads}
        />
        <ChartFigure
          title="Accepted vs offered throughput"
          options={ACCEPTED}
          points={acceptedPoints}
          series={series}
          xs={sweep.request?.loads}
        />
      </div>
      <TableToggle
        checked={showTable}
        onChange={setShowTable}
        testId="sweep-table-toggle"
        className="sc-check"
      />
      <PointsTable points={sweep.points} visible={showTable} />
    </div>
  );
}
