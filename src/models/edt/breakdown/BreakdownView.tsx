/**
 * The breakdown of the one-way latency (seed 002 §7.2) as this simulation measures it — Fig. 8 and
 * Fig. 9 of the paper did not survive the seed's conversion, so nothing here is the paper's
 * [002 L192, L201]. Per message size, three bars (EDT, CC-DMA by intervention, by retry [002 L189])
 * stacked as User Data, Data Transfer and Transport [002 L196] with the rest of the latency above
 * them; a line at the 1,500-byte MTU, past which Transport steps up [002 L203]. Below, at 256 B,
 * Data Transfer split into DMA Init, Exec and Intr [002 L205-207]. Each point is a ping-pong of the
 * loaded scenario's machine at that size (the breakdown sweep, in the worker); the numbers are
 * also a table.
 */
import { scaleBand, scaleLinear } from 'd3';
import { useEffect, useId, useMemo, useState } from 'react';
import type { EdtPoint, EdtSweepRequest } from '../../../../sim-core/ni/edt/edt-sweep';
import { SWEEP_RATES, SWEEP_SIZES } from '../../../../sim-core/ni/edt/sweep-points';
import { EDT_NI_KINDS, MEASURED_NIS } from '../../../../sim-core/ni/edt/ni-kinds';
import { inkFor } from '../../../d3/colour';
import { actions, sweepOf, useApp } from '../../../state/store';
import { TableToggle } from '../../../views/TableToggle';
import { useElementWidth } from '../../../views/use-element-width';
import { useEdtMeta } from '../selection';
import '../views-edt.css';
import '../../../views/views-tables.css';

const SWEEP = 'breakdown';
/** Round trips per point: the first is cold, the rest identical; the fidelity table runs 12. */
const ROUNDS = 3;

const PARTS = [
  { key: 'userData', label: 'User Data', colour: '#0072B2' },
  { key: 'dataTransfer', label: 'Data Transfer', colour: '#E69F00' },
  { key: 'transport', label: 'Transport', colour: '#CC79A7' },
  { key: 'rest', label: 'the rest (descriptor, doorbell, completion, poll)', colour: '#DDDDDD' },
] as const;

const DMA_PARTS = [
  { key: 'init', label: 'DMA Init', colour: '#56B4E9' },
  { key: 'exec', label: 'DMA Exec', colour: '#0072B2' },
  { key: 'intr', label: 'DMA Intr', colour: '#009E73' },
] as const;

const SHORT: Record<string, string> = {
  EDT: 'EDT',
  'CC-DMA_intv': 'intv',
  'CC-DMA_retry': 'retry',
  DMA_noncoherent: 'nc',
};
/** A bar's label where the words do not fit under it (the heading gives the key). */
const LETTER: Record<string, string> = {
  EDT: 'E',
  'CC-DMA_intv': 'I',
  'CC-DMA_retry': 'R',
  DMA_noncoherent: 'N',
};
/** Pixels a bar needs for its word ("retry" at the tick's size), else it gets its letter. */
const WORD_WIDTH = 30;

const stackOf = (p: EdtPoint) => {
  const parts = p.parts!;
  const sum = parts.userData + parts.dataTransfer + parts.transport;
  return { ...parts, rest: Math.max(0, p.latency! - sum) };
};

function Fig8({ points, width }: { points: EdtPoint[]; width: number }) {
  const h = 280;
  const m = { l: 64, r: 12, t: 12, b: 44 };
  const x = scaleBand<number>()
    .domain([...SWEEP_SIZES])
    .range([m.l, width - m.r])
    .paddingInner(0.2);
  const inner = scaleBand<string>()
    .domain([...MEASURED_NIS])
    .range([0, x.bandwidth()])
    .paddingInner(0.08);
  const max = Math.max(
    1,
    ...points
      .filter((p) => p.outcome === 'done')
      .map((p) => Object.values(stackOf(p)).reduce((a, b) => a + b, 0)),
  );
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([h - m.b, m.t]);
  const mtu = (x(1024)! + x.bandwidth() + x(2048)!) / 2;
  const names = inner.bandwidth() >= WORD_WIDTH ? SHORT : LETTER;
  return (
    <svg
      width={width}
      height={h}
      role="group"
      aria-label="Latency by size and NI, stacked by part"
      data-testid="edt-fig8"
    >
      {y.ticks(5).map((t) => (
        <g key={t} transform={`translate(0,${y(t)})`} aria-hidden="true">
          <line className="ev-grid" x1={m.l} x2={width - m.r} />
          <text className="ev-tick" x={m.l - 6} dy="0.35em" textAnchor="end">
            {t.toLocaleString('en')}
          </text>
        </g>
      ))}
      <text
        className="ev-tick"
        transform={`translate(14,${(h - m.b) / 2}) rotate(-90)`}
        textAnchor="middle"
        aria-hidden="true"
      >
        cycles (ns)
      </text>
      {SWEEP_SIZES.map((size) => (
        <g key={size} transform={`translate(${x(size)},0)`}>
          {MEASURED_NIS.map((ni) => {
            const p = points.find((q) => q.ni === ni && q.bytes === size && q.outcome === 'done');
            if (!p) return null;
            const stack = stackOf(p);
            let top = 0;
            return (
              <g
                key={ni}
                role="img"
                aria-label={`${size} B, ${EDT_NI_KINDS[ni].label}: ${p.latency} cycles`}
              >
                {PARTS.map((part) => {
                  const v = stack[part.key];
                  const y0 = y(top);
                  top += v;
                  return (
                    <rect
                      key={part.key}
                      x={inner(ni)}
                      y={y(top)}
                      width={inner.bandwidth()}
                      height={Math.max(0, y0 - y(top))}
                      fill={part.colour}
                      stroke="#111"
                      strokeWidth={0.5}
                    />
                  );
                })}
                <text
                  className="ev-bar-label"
                  x={inner(ni)! + inner.bandwidth() / 2}
                  y={h - m.b + 12}
                  textAnchor="middle"
                  aria-hidden="true"
                >
                  {names[ni]}
                </text>
              </g>
            );
          })}
          <text
            className="ev-tick"
            x={x.bandwidth() / 2}
            y={h - m.b + 28}
            textAnchor="middle"
            aria-hidden="true"
          >
            {size >= 1024 ? `${size / 1024} KB` : `${size} B`}
          </text>
        </g>
      ))}
      <line className="ev-mtu" x1={mtu} x2={mtu} y1={m.t} y2={h - m.b} aria-hidden="true" />
      <text className="ev-tick" x={mtu + 4} y={m.t + 10} aria-hidden="true">
        MTU 1,500 B
      </text>
    </svg>
  );
}

function Fig9({ points, width }: { points: EdtPoint[]; width: number }) {
  const rows = MEASURED_NIS.map((ni) =>
    points.find((p) => p.ni === ni && p.bytes === 256 && p.outcome === 'done'),
  ).filter((p): p is EdtPoint => !!p);
  if (rows.length === 0) return null;
  const m = { l: 150, r: 12 };
  const max = Math.max(1, ...rows.map((p) => p.latency!));
  const x = scaleLinear()
    .domain([0, max])
    .range([m.l, width - m.r]);
  const barH = 22;
  const segments = (p: EdtPoint) => {
    const parts = p.parts!;
    const dma = p.dma!;
    const dmaTotal = dma.init + dma.exec + dma.intr;
    return [
      { label: 'User Data', v: parts.userData, colour: PARTS[0].colour },
      ...DMA_PARTS.map((d) => ({ label: d.label, v: dma[d.key], colour: d.colour })),
      {
        label:
          EDT_NI_KINDS[p.ni].mechanism === 'eager'
            ? 'Data Transfer (write-backs)'
            : 'rest of Data Transfer (waits)',
        v: Math.max(0, parts.dataTransfer - dmaTotal),
        colour: PARTS[1].colour,
      },
      { label: 'Transport', v: parts.transport, colour: PARTS[2].colour },
    ];
  };
  return (
    <svg
      width={width}
      height={rows.length * (barH + 8) + 8}
      role="group"
      aria-label="At 256 bytes: the parts of the latency, DMA phases apart"
      data-testid="edt-fig9"
    >
      {rows.map((p, i) => {
        let at = 0;
        return (
          <g key={p.ni} transform={`translate(0,${4 + i * (barH + 8)})`}>
            <text x={m.l - 6} y={barH / 2} dy="0.35em" textAnchor="end" className="ev-bar-label">
              {EDT_NI_KINDS[p.ni].label}
            </text>
            {segments(p).map((s) => {
              const x0 = x(at);
              at += s.v;
              const w = x(at) - x0;
              return (
                <g
                  key={s.label}
                  role="img"
                  aria-label={`${EDT_NI_KINDS[p.ni].label}: ${s.label} ${s.v} cycles`}
                >
                  <title>{`${s.label}: ${s.v} cycles`}</title>
                  <rect
                    x={x0}
                    width={Math.max(0, w)}
                    height={barH}
                    fill={s.colour}
                    stroke="#111"
                    strokeWidth={0.5}
                  />
                  {w > s.label.length * 7.4 + 6 ? (
                    <text
                      x={x0 + 3}
                      y={barH / 2}
                      dy="0.35em"
                      fill={inkFor(s.colour)}
                      className="ev-seg-label"
                    >
                      {s.label}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}

function PointsTable({ points }: { points: EdtPoint[] }) {
  return (
    <table className="vt-table" data-testid="edt-breakdown-table">
      <caption>The breakdown in numbers (cycles = ns; our simulation)</caption>
      <thead>
        <tr>
          <th scope="col">size</th>
          <th scope="col">NI</th>
          <th scope="col">latency</th>
          <th scope="col">User Data</th>
          <th scope="col">Data Transfer</th>
          <th scope="col">Transport</th>
          <th scope="col">DMA Init / Exec / Intr</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={`${p.bytes}-${p.ni}`}>
            <th scope="row">{p.bytes} B</th>
            <td>{EDT_NI_KINDS[p.ni].label}</td>
            {p.outcome === 'done' ? (
              <>
                <td className="num">{p.latency}</td>
                <td className="num">{p.parts!.userData}</td>
                <td className="num">{p.parts!.dataTransfer}</td>
                <td className="num">{p.parts!.transport}</td>
                <td className="num">
                  {EDT_NI_KINDS[p.ni].mechanism === 'dma'
                    ? `${p.dma!.init} / ${p.dma!.exec} / ${p.dma!.intr}`
                    : 'no DMA'}
                </td>
              </>
            ) : (
              <td colSpan={5}>{p.problem}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function BreakdownView() {
  const meta = useEdtMeta();
  const ready = useApp((s) => s.api !== null && !s.loading);
  const busy = useApp((s) => Object.values(s.sweeps).some((x) => x.running));
  const sweep = useApp((s) => sweepOf<EdtSweepRequest, EdtPoint>(s, SWEEP));
  const [rate, setRate] = useState(1);
  const [asTable, setAsTable] = useState(false);
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(meta !== null);
  const uid = useId();
  const request: EdtSweepRequest = useMemo(
    () => ({ nis: [...MEASURED_NIS], sizes: [...SWEEP_SIZES], rates: [rate], rounds: ROUNDS }),
    [rate],
  );
  const stale = !sweep.request || sweep.request.rates[0] !== rate || sweep.cancelled;
  useEffect(() => {
    if (ready && !busy && stale && !sweep.running)
      void actions.runSweep(SWEEP, request, MEASURED_NIS.length * SWEEP_SIZES.length);
  }, [ready, busy, stale, sweep.running, request]);
  if (!meta) return <p className="vg-muted">No EDT scenario loaded.</p>;
  const w = Math.max(width, 460);
  return (
    <div className="ev-view" data-testid="breakdown-view" ref={wrapRef}>
      <div className="ev-toolbar">
        <fieldset className="ev-group">
          <legend>DMA rate</legend>
          {SWEEP_RATES.map((r) => (
            <label key={r}>
              <input
                type="radio"
                name={`${uid}-rate`}
                checked={rate === r}
                onChange={() => setRate(r)}
                data-testid={`breakdown-rate-${r}`}
              />{' '}
              {r * 100}%
            </label>
          ))}
        </fieldset>
        <span className="ev-key">
          {sweep.running
            ? `Measuring… ${sweep.done} of ${sweep.total} points`
            : `${sweep.points.length} points, a ping-pong each`}
        </span>
        <TableToggle checked={asTable} onChange={setAsTable} testId="breakdown-table-toggle" />
      </div>
      <p className="ev-caveat" data-testid="breakdown-caveat">
        <strong>Our simulation, not the paper&rsquo;s figures:</strong> seed 002&rsquo;s Fig. 8 and
        Fig. 9 did not survive conversion; only their prose did (EDT 17–38 % faster than CC-DMA by
        intervention; Data Transfer retry &gt; intervention &gt; EDT; User Data and Transport the
        same for all).
      </p>
      <ul className="ev-legend" aria-label="Parts">
        {PARTS.map((p) => (
          <li key={p.key}>
            <span className="ev-swatch" style={{ background: p.colour }} aria-hidden="true" />{' '}
            {p.label}
          </li>
        ))}
      </ul>
      <h3 className="ev-fig-title">
        Latency by size, after the paper&rsquo;s Fig. 8: EDT (E), CC-DMA intervention (I), CC-DMA
        retry (R)
      </h3>
      <Fig8 points={sweep.points} width={w} />
      <h3 className="ev-fig-title">
        At 256 B, Data Transfer split into its DMA phases (after Fig. 9)
      </h3>
      <ul className="ev-legend" aria-label="DMA phases">
        {DMA_PARTS.map((p) => (
          <li key={p.key}>
            <span className="ev-swatch" style={{ background: p.colour }} aria-hidden="true" />{' '}
            {p.label}
          </li>
        ))}
      </ul>
      <Fig9 points={sweep.points} width={w} />
      {asTable ? <PointsTable points={sweep.points} /> : null}
    </div>
  );
}
