/**
 * The message bench in the app (issue 18; docs/bench.md): latency and bandwidth against payload
 * size for the chosen NIs, each point one complete run of its own model in the worker (the bench
 * model's `bench` sweep, with progress and cancel); under them, at a chosen size, each NI's
 * anatomy as stacked phase bars — the software slices can be hidden, so a student sees which part
 * of a difference is the mechanism — each bar opening its run in its own model's views at the
 * moment the message arrives. Hatched points rest on defaults the seed does not give (numbered
 * notes say which); the papers' own points are black rings. Every setting is a field of the
 * scenario's system, so the share link carries it.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { BenchRequest } from '../../../sim-core/bench/bench';
import type { BenchTypes } from '../../../sim-core/bench/bench-face';
import type { BenchMeta, BenchPoint } from '../../../sim-core/bench/bench-frame';
import {
  PHASE_CATEGORIES,
  PHASE_CATEGORY_INFO,
  type PhaseCategory,
} from '../../../sim-core/ledger/phase-events';
import { benchNetworkOf } from '../../../sim-core/bench/bench-schema';
import {
  COMMON_PIPE,
  networkLabel,
  PROVENANCE_LABELS,
  PROVENANCES,
  type Provenance,
} from '../../../sim-core/messaging';
import type { ScenarioOf } from '../../../sim-core/model';
import { actions, sweepOf, useApp } from '../../state/store';
import { SweepControls } from '../../views/charts/SweepControls';
import { CATEGORY_COLOURS } from '../../views/phases/PhasesView';
import { TableToggle } from '../../views/TableToggle';
import { createBenchChart, type BenchChart, type BenchChartSeries } from './bench-chart';
import {
  anatomyIn,
  footnotes,
  placeMarks,
  valueOf,
  workerTime,
  type Metric,
  type Unit,
} from './bench-data';
import { bpcText, cyclesText, niLook, rateText, timeText } from './bench-looks';
import { changeBench, type BenchSystem } from './bench-settings';
import '../../views/views-graphics.css';
import '../../views/views-charts.css';
import './bench.css';

export const BENCH_SWEEP = 'bench';

const PROVENANCE_SHORT: Record<Provenance, string> = {
  produce: 'produce-and-send',
  'prepared-clean': 'prepared, clean',
  'prepared-dirty': 'prepared, dirty',
};

function useBench() {
  const scenario = useApp((s) => s.scenario) as ScenarioOf<BenchTypes> | null;
  const meta = useApp((s) => s.meta) as BenchMeta | null;
  const spec = useApp((s) => s.spec);
  return scenario?.system.kind === 'bench' && meta ? { scenario, meta, spec } : null;
}

function requestOf(system: BenchSystem): BenchRequest {
  return {
    nis: system.nis,
    sizes: system.sizes,
    provenances: system.provenances,
    clock: system.clock,
    network: benchNetworkOf(system),
  };
}

/** The network choices the panel offers: each model's own, the common pipe, the torus at 1 and 8 hops. */
const NETWORK_CHOICES = [
  { key: 'own', network: 'own', hops: null, label: 'each model’s own' },
  {
    key: 'pipe',
    network: 'pipe',
    hops: null,
    label: `common pipe (${COMMON_PIPE.latencyNs} ns, ${COMMON_PIPE.mbPerS} MB/s)`,
  },
  { key: 'torus-1', network: 'torus', hops: 1, label: 'common torus, 1 hop' },
  { key: 'torus-8', network: 'torus', hops: 8, label: 'common torus, 8 hops' },
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function tellValue(v: number | null, metric: Metric, unit: Unit): string {
  if (v === null) return '—';
  if (metric === 'latency') return unit === 'ns' ? timeText(v) : cyclesText(v);
  return unit === 'ns' ? rateText(v) : bpcText(v);
}

function Chart(props: {
  id: string;
  title: string;
  metric: Metric;
  unit: Unit;
  series: BenchChartSeries[];
  marks: { key: string; x: number; y: number; title: string }[];
  xs: number[];
  picked: number;
  onPick: (x: number) => void;
}) {
  const { id, metric, unit, series, marks, xs, picked, onPick } = props;
  const ref = useRef<SVGSVGElement>(null);
  const chart = useRef<BenchChart | null>(null);
  const yLabel =
    metric === 'latency'
      ? unit === 'ns'
        ? 'latency'
        : 'latency (each model’s own cycles)'
      : unit === 'ns'
        ? 'bandwidth (MB/s)'
        : 'bandwidth (payload bytes a cycle)';
  useEffect(() => {
    if (!ref.current) return;
    const c = createBenchChart(ref.current, {
      id,
      yLabel,
      tick: (v) => tellValue(v, metric, unit).replace(/ cycles$/, ''),
      onPick,
    });
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, [id, yLabel, metric, unit, onPick]);
  useEffect(() => {
    chart.current?.update(series, marks, xs, picked);
  }, [series, marks, xs, picked, yLabel]);
  return (
    <figure className="sc-figure bn-figure" data-testid={`${id}-chart`}>
      <figcaption className="sc-caption">{props.title}</figcaption>
      <svg ref={ref} aria-hidden="true" focusable="false" />
    </figure>
  );
}

/** A swatch of an NI's look for the HTML legend. */
function Swatch({ i, name }: { i: number; name: string }) {
  const look = niLook(i, name);
  return (
    <svg width="30" height="12" aria-hidden="true" focusable="false" className="bn-swatch">
      <line
        x1="0"
        x2="30"
        y1="6"
        y2="6"
        stroke={look.colour}
        strokeWidth="3"
        strokeDasharray={look.dash ?? undefined}
      />
    </svg>
  );
}

function AnatomyBars(props: {
  rows: BenchPoint[];
  order: string[];
  unit: Unit;
  software: boolean;
  notes: Map<string, number>;
}) {
  const { rows, order, unit, software, notes } = props;
  const bars = rows.map((r) => ({ r, parts: anatomyIn(r, software, unit) }));
  const total = (parts: { value: number }[]) => parts.reduce((t, p) => t + p.value, 0);
  const widest = Math.max(1, ...bars.map((b) => total(b.parts)));
  const open = (r: BenchPoint) => {
    if (!r.open) return;
    void actions.load(
      { kind: 'document', doc: JSON.parse(r.open.doc) as unknown },
      { cycle: r.open.cycle, context: `Opening ${r.label}’s run` },
    );
  };
  return (
    <ol className="bn-bars" data-testid="bench-anatomy">
      {bars.map(({ r, parts }) => {
        const marks = [...r.hatched, ...(r.problem ? [r.problem] : [])].map((h) => notes.get(h));
        const words = parts
          .filter((p) => p.value > 0)
          .map(
            (p) =>
              `${PHASE_CATEGORY_INFO[p.category].label} ${tellValue(p.value, 'latency', unit)}`,
          )
          .join(', ');
        const latency = valueOf(r, 'latency', unit);
        return (
          <li key={r.variant} className="bn-bar-row">
            <button
              type="button"
              className={marks.length ? 'bn-bar bn-hatched' : 'bn-bar'}
              disabled={!r.open}
              onClick={() => open(r)}
              data-testid={`bench-bar-${r.variant}`}
              data-open-cycle={r.open?.cycle}
              data-latency={r.latencyCycles ?? undefined}
              aria-label={`${r.label}: ${tellValue(latency, 'latency', unit)}${words ? ` — ${words}` : ''}${marks.length ? `; rests on notes ${marks.join(', ')}` : ''}. Open this run in ${r.label}’s views at the moment the message arrives.`}
            >
              <span className="bn-bar-label">
                <Swatch i={order.indexOf(r.variant)} name={r.label} />
                {r.variant}
              </span>
              <span className="bn-bar-track">
                {parts.map((p) =>
                  p.value > 0 ? (
                    <span
                      key={p.category}
                      className={`bn-seg bn-seg-${p.category}`}
                      style={{
                        width: `${(100 * p.value) / widest}%`,
                        background: CATEGORY_COLOURS[p.category],
                      }}
                      title={`${PHASE_CATEGORY_INFO[p.category].label}: ${tellValue(p.value, 'latency', unit)}`}
                    />
                  ) : null,
                )}
                {r.problem && !parts.length ? <span className="bn-none">{r.problem}</span> : null}
              </span>
              <span className="bn-bar-value">
                {tellValue(latency, 'latency', unit)}
                {marks.length ? <sup> [{marks.join(',')}]</sup> : null}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

export function BenchPanel() {
  const bench = useBench();
  const sweep = useApp((s) => sweepOf<BenchRequest, BenchPoint>(s, BENCH_SWEEP));
  const ready = useApp((s) => s.api !== null && !s.loading);
  const [table, setTable] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  const uid = useId();
  const system = bench?.scenario.system;
  const request = useMemo(() => (system ? requestOf(system) : null), [system]);
  const total = system
    ? (bench?.meta.lanes.length ?? 0) * system.sizes.length * system.provenances.length
    : 0;

  // The bench runs as soon as it is shown, and again after a setting changed it (a reload).
  useEffect(() => {
    if (!ready || !request || !total || sweep.request !== null || sweep.running) return;
    void actions.runSweep(BENCH_SWEEP, request, total);
  }, [ready, request, total, sweep.request, sweep.running]);

  const all = useMemo(() => bench?.meta.every.map((l) => l.variant) ?? [], [bench?.meta.every]);
  const order = useMemo(() => {
    // Every NI's look follows the bench's whole list, so it is the same whichever are chosen.
    const known = sweep.points.map((p) => p.variant);
    return [...new Set([...all, ...known])];
  }, [all, sweep.points]);

  if (!bench || !system || !request) return <p className="vg-muted">No bench scenario loaded.</p>;
  const { spec } = bench;
  const unit = system.display.unit;
  const software = system.display.software;
  const provenance =
    system.display.provenance && system.provenances.includes(system.display.provenance)
      ? system.display.provenance
      : system.provenances[0]!;
  const change = (path: string, value: unknown, what: string) =>
    spec && changeBench(spec, [{ path, value }], what);
  const network = benchNetworkOf(system);
  const ownNetwork = network.kind === 'own';
  const stale = sweep.request !== null && !same(sweep.request, request);
  const rows = sweep.points.filter((p) => p.provenance === provenance);
  const sizes = [...system.sizes].sort((a, b) => a - b);
  const size =
    picked !== null && sizes.includes(picked)
      ? picked
      : sizes.includes(bench.meta.bytes)
        ? bench.meta.bytes
        : sizes[0]!;
  const variants = [...new Set(rows.map((r) => r.variant))];
  const seriesOf = (metric: Metric): BenchChartSeries[] =>
    variants.map((v) => {
      const mine = rows.filter((r) => r.variant === v);
      const label = mine[0]?.label ?? v;
      return {
        key: v,
        style: niLook(order.indexOf(v), label),
        points: mine.flatMap((r) => {
          const y = valueOf(r, metric, unit);
          return y === null || !(y > 0)
            ? []
            : [
                {
                  x: r.bytes,
                  y,
                  hatched: r.hatched.length > 0,
                  title: `${label}, ${r.bytes} B, ${PROVENANCE_SHORT[r.provenance]}: ${tellValue(y, metric, unit)}${r.hatched.length ? ` — rests on: ${r.hatched.join('; ')}` : ''}`,
                },
              ];
        }),
      };
    });
  // The papers' values are at their own clocks, on their own networks.
  const marksOf = (metric: Metric) =>
    system.clock === 'published' && ownNetwork
      ? placeMarks(rows, metric, unit, provenance).map((m, i) => ({
          key: `${m.anchor.row}-${i}`,
          x: m.x,
          y: m.y,
          title: `The paper: ${m.anchor.label} (fidelity row ${m.anchor.row})`,
        }))
      : [];
  const notes = footnotes(rows);
  const atSize = rows
    .filter((r) => r.bytes === size)
    .sort((a, b) => order.indexOf(a.variant) - order.indexOf(b.variant));
  const latencyMarks = marksOf('latency');
  const spent = sweep.running ? null : workerTime(sweep.points, sweep.ms);
  const bandwidthMarks = marksOf('bandwidth');

  return (
    <div className="sc-view bn-view" data-testid="bench-view">
      <div className="sc-form bn-form">
        <fieldset className="sc-group">
          <legend>Provenance</legend>
          {system.provenances.map((p) => (
            <label key={p} className="sc-check" title={PROVENANCE_LABELS[p]}>
              <input
                type="radio"
                name={`${uid}-provenance`}
                checked={p === provenance}
                disabled={!ready}
                onChange={() =>
                  change('system.display.provenance', p, 'Showing another provenance')
                }
                data-testid={`bench-provenance-${p}`}
              />
              {PROVENANCE_SHORT[p]}
            </label>
          ))}
        </fieldset>
        <fieldset className="sc-group">
          <legend>Clock</legend>
          {(['published', 'common'] as const).map((c) => (
            <label key={c} className="sc-check">
              <input
                type="radio"
                name={`${uid}-clock`}
                checked={system.clock === c}
                disabled={!ready}
                onChange={() => change('system.clock', c, 'Switching the clock')}
                data-testid={`bench-clock-${c}`}
              />
              {c === 'published' ? 'as published' : 'common (200 MHz CPU, 100 MHz system)'}
            </label>
          ))}
        </fieldset>
        <fieldset className="sc-group">
          <legend>Network</legend>
          {NETWORK_CHOICES.map((n) => (
            <label key={n.key} className="sc-check">
              <input
                type="radio"
                name={`${uid}-network`}
                checked={
                  system.network === n.network && (n.hops === null || system.hops === n.hops)
                }
                disabled={!ready}
                onChange={() =>
                  spec &&
                  changeBench(
                    spec,
                    [
                      { path: 'system.network', value: n.network },
                      ...(n.hops === null ? [] : [{ path: 'system.hops', value: n.hops }]),
                    ],
                    'Switching the network',
                  )
                }
                data-testid={`bench-network-${n.key}`}
              />
              {n.label}
            </label>
          ))}
        </fieldset>
        <fieldset className="sc-group">
          <legend>Show</legend>
          {(['ns', 'cycles'] as const).map((u) => (
            <label key={u} className="sc-check">
              <input
                type="radio"
                name={`${uid}-unit`}
                checked={unit === u}
                disabled={!ready}
                onChange={() => change('system.display.unit', u, 'Switching the unit')}
                data-testid={`bench-unit-${u}`}
              />
              {u === 'ns' ? 'time' : 'own cycles'}
            </label>
          ))}
          <label className="sc-check">
            <input
              type="checkbox"
              checked={software}
              disabled={!ready}
              onChange={(e) =>
                change('system.display.software', e.target.checked, 'Showing the software slices')
              }
              data-testid="bench-software"
            />
            software slices
          </label>
        </fieldset>
        <SweepControls
          sweep={sweep}
          canRun={ready}
          onRun={() => void actions.runSweep(BENCH_SWEEP, request, total)}
          started={sweep.request !== null}
        />
        <TableToggle
          checked={table}
          onChange={setTable}
          testId="bench-table-toggle"
          className="sc-check"
        />
      </div>
      {spent ? (
        <p className="sc-note" data-testid="bench-timing">
          {sweep.points.length} points in {(spent.totalMs / 1000).toFixed(1)} s of simulation; the
          slowest model, {spent.slowest}, took {Math.round(100 * spent.share)}% of it.
        </p>
      ) : null}
      <BenchChoices system={system} all={order} change={change} ready={ready} />
      {stale ? (
        <p className="sc-note">The chart shows the last run until you run the bench again.</p>
      ) : null}
      <ul className="bn-legend" aria-label="NIs">
        {variants.map((v) => (
          <li key={v}>
            <Swatch i={order.indexOf(v)} name={v} />
            {rows.find((r) => r.variant === v)?.label ?? v}
          </li>
        ))}
        <li>
          <span className="bn-key-hatched" aria-hidden="true" /> rests on defaults (notes below)
        </li>
        {system.clock === 'published' && ownNetwork ? (
          <li>
            <span className="bn-key-paper" aria-hidden="true" /> the paper’s value
          </li>
        ) : (
          <li>
            the papers’ values are at their own clocks on their own networks: shown with published
            clocks and own networks
          </li>
        )}
        <li data-testid="bench-network-note">network: {networkLabel(network)}</li>
      </ul>
      <div className="sc-charts">
        <Chart
          id="bench-latency"
          title={`Latency against payload · ${PROVENANCE_SHORT[provenance]} · ${system.clock} clocks · ${ownNetwork ? 'own networks' : networkLabel(network)}`}
          metric="latency"
          unit={unit}
          series={seriesOf('latency')}
          marks={latencyMarks}
          xs={sizes}
          picked={size}
          onPick={setPicked}
        />
        <Chart
          id="bench-bandwidth"
          title={`Bandwidth of a stream against payload · ${PROVENANCE_SHORT[provenance]} · ${ownNetwork ? 'own networks' : networkLabel(network)}`}
          metric="bandwidth"
          unit={unit}
          series={seriesOf('bandwidth')}
          marks={bandwidthMarks}
          xs={sizes}
          picked={size}
          onPick={setPicked}
        />
      </div>
      <section className="bn-anatomy" aria-labelledby={`${uid}-anatomy`}>
        <div className="bn-anatomy-head">
          <h3 id={`${uid}-anatomy`}>
            Where the time went at{' '}
            <select
              value={size}
              onChange={(e) => setPicked(Number(e.target.value))}
              aria-label="Payload size of the anatomy"
              data-testid="bench-size"
            >
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s} B
                </option>
              ))}
            </select>
            {software ? '' : ' — software slices hidden'}
          </h3>
          <ul className="bn-key" aria-label="Categories">
            {PHASE_CATEGORIES.filter((c) => software || !PHASE_CATEGORY_INFO[c].software).map(
              (c: PhaseCategory) => (
                <li key={c}>
                  <span className="bn-key-swatch" style={{ background: CATEGORY_COLOURS[c] }} />
                  {PHASE_CATEGORY_INFO[c].label}
                </li>
              ),
            )}
          </ul>
        </div>
        <p className="sc-note">
          Each bar is one message’s anatomy, overlapping parts counted once per category, beside its
          latency (a coherent NI’s anatomy runs to its send’s completion, past its latency of half a
          round trip). Choose a bar to open that run in its own model’s views at the moment the
          receiver has it.
        </p>
        <AnatomyBars rows={atSize} order={order} unit={unit} software={software} notes={notes} />
      </section>
      {notes.size ? (
        <ol className="bn-notes" data-testid="bench-notes" aria-label="What hatched points rest on">
          {[...notes.keys()].map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      ) : null}
      <table className={table ? 'sc-table' : 'sc-table vg-sr-only'} data-testid="bench-table">
        <caption>
          The bench, {PROVENANCE_SHORT[provenance]}, {system.clock} clocks, {networkLabel(network)}
        </caption>
        <thead>
          <tr>
            <th scope="col">NI</th>
            <th scope="col">bytes</th>
            <th scope="col">latency</th>
            <th scope="col">cycles</th>
            <th scope="col">bandwidth</th>
            <th scope="col">notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.variant}-${r.bytes}`}>
              <th scope="row">{r.label}</th>
              <td>{r.bytes}</td>
              <td>{tellValue(r.latencyNs, 'latency', 'ns')}</td>
              <td>{r.latencyCycles ?? '—'}</td>
              <td>{tellValue(r.mbPerS, 'bandwidth', 'ns')}</td>
              <td>
                {[...r.hatched, ...(r.problem ? [r.problem] : [])]
                  .map((h) => notes.get(h))
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Which NIs, sizes and provenances the bench runs: applied together, then the bench runs. */
function BenchChoices(props: {
  system: BenchSystem;
  all: string[];
  ready: boolean;
  change: (path: string, value: unknown, what: string) => void;
}) {
  const { system, all, ready } = props;
  const [nis, setNis] = useState<string[]>(system.nis.length ? system.nis : all);
  const [sizes, setSizes] = useState<number[]>(system.sizes);
  const [free, setFree] = useState('');
  const [provs, setProvs] = useState<Provenance[]>(system.provenances);
  const toggle = <T,>(list: T[], v: T) =>
    list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
  const freeSize = Number(free);
  const freeOk = free === '' || (Number.isInteger(freeSize) && freeSize >= 1 && freeSize <= 8192);
  const chosenSizes = [...new Set([...sizes, ...(free && freeOk ? [freeSize] : [])])].sort(
    (a, b) => a - b,
  );
  const canApply = ready && nis.length > 0 && chosenSizes.length > 0 && provs.length > 0 && freeOk;
  const apply = () => {
    if (!canApply) return;
    const everyNi = all.every((v) => nis.includes(v));
    props.change(
      'system',
      {
        ...system,
        nis: everyNi ? [] : all.filter((v) => nis.includes(v)),
        sizes: chosenSizes,
        provenances: PROVENANCES.filter((p) => provs.includes(p)),
      },
      'Choosing what the bench runs',
    );
  };
  return (
    <details className="bn-choices">
      <summary data-testid="bench-choices">NIs, sizes and provenances</summary>
      <div className="sc-form">
        <fieldset className="sc-group">
          <legend>NIs</legend>
          {all.map((v) => (
            <label key={v} className="sc-check">
              <input
                type="checkbox"
                checked={nis.includes(v)}
                onChange={() => setNis(toggle(nis, v))}
                data-testid={`bench-ni-${v}`}
              />
              {v}
            </label>
          ))}
        </fieldset>
        <fieldset className="sc-group">
          <legend>Sizes (bytes)</legend>
          {[8, 64, 256, 1024, 4096].map((s) => (
            <label key={s} className="sc-check">
              <input
                type="checkbox"
                checked={sizes.includes(s)}
                onChange={() => setSizes(toggle(sizes, s))}
              />
              {s}
            </label>
          ))}
          <label className="sc-check">
            another
            <input
              type="number"
              min={1}
              max={8192}
              value={free}
              aria-invalid={!freeOk}
              onChange={(e) => setFree(e.target.value)}
              data-testid="bench-free-size"
            />
          </label>
        </fieldset>
        <fieldset className="sc-group">
          <legend>Provenances</legend>
          {PROVENANCES.map((p) => (
            <label key={p} className="sc-check" title={PROVENANCE_LABELS[p]}>
              <input
                type="checkbox"
                checked={provs.includes(p)}
                onChange={() => setProvs(toggle(provs, p))}
              />
              {PROVENANCE_SHORT[p]}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="sc-button sc-primary"
          disabled={!canApply}
          onClick={apply}
          data-testid="bench-apply"
        >
          Apply and run
        </button>
        {!freeOk ? (
          <p className="sc-errors">A size is a whole number of bytes, 1 to 8,192.</p>
        ) : null}
      </div>
    </details>
  );
}
