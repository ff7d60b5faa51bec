/**
 * One message's bus traffic under the three NIs the paper measured, on one time axis from
 * VipPostSend() (round2-spec §B1.3): a row per NI — EDT, CC-DMA by intervention, CC-DMA by retry —
 * each with a lane per host's bus, drawn with the shared transaction bars, and under them the
 * per-block ribbon: every transaction on each of the sender's blocks, in order, so 2 per block
 * against 2·B·W, and RETRY's extra write-back, are counted at a glance [002 L43, L136-138]. The
 * rows come from runs of the loaded scenario with each NI, made in the worker (the three-nis
 * sweep). Only the row of the loaded NI is this run: its bars go to their cycle.
 */
import { scaleLinear } from 'd3';
import { useEffect, useId, useMemo, useState } from 'react';
import type {
  TimelineRequest,
  TimelineRow,
  TimelineTxn,
} from '../../../../sim-core/ni/edt/edt-timeline';
import { EDT_NI_KINDS, MEASURED_NIS } from '../../../../sim-core/ni/edt/ni-kinds';
import { actions, sweepOf, useApp } from '../../../state/store';
import { txnColours, txnNames } from '../../../theme/states';
import { inkFor, UNKNOWN_TXN } from '../../../d3/colour';
import { TxnBars, type TxnBar } from '../../../views/buses/TxnBars';
import { TxnPatternDefs, TxnSwatch } from '../../../views/buses/txn-patterns';
import { TableToggle } from '../../../views/TableToggle';
import { useElementWidth } from '../../../views/use-element-width';
import { useEdtFrame, useEdtMeta } from '../selection';
import '../views-edt.css';
import '../../../views/views-tables.css';

const SWEEP = 'three-nis';
const KINDS = ['INV', 'RD', 'RDX', 'RETRY', 'WB', 'DMARD', 'DMAWR', 'UCW8'] as const;
const LABEL_W = 86;
const PAD_R = 12;
const LANE_H = 22;
const AXIS_H = 26;

const rel = (row: TimelineRow, t: TimelineTxn) => ({
  from: t.grantedAt - row.start,
  to: t.endsAt - row.start,
});

function Row({
  row,
  width,
  span,
  patterns,
  live,
}: {
  row: TimelineRow;
  width: number;
  span: number;
  patterns: string;
  live: boolean;
}) {
  const [focused, setFocused] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const x = scaleLinear()
    .domain([0, span])
    .range([LABEL_W, width - PAD_R]);
  const latency = row.end - row.start;
  const told = row.txns.find((t) => t.id === (hovered ?? focused)) ?? null;
  const ticks = x.ticks(Math.max(2, Math.floor((width - LABEL_W) / 90))).filter(Number.isInteger);
  const lanes = [0, 1];
  const height = lanes.length * (LANE_H + 4) + AXIS_H;
  return (
    <section
      className="ev-trow"
      aria-label={`${EDT_NI_KINDS[row.ni].label}: ${latency} cycles`}
      data-testid={`edt-timeline-${row.ni}`}
    >
      <h3>
        {EDT_NI_KINDS[row.ni].label}: <strong>{latency.toLocaleString('en')} cycles</strong>
        {live ? ' (this run)' : ''}
      </h3>
      <svg
        width={width}
        height={height}
        role="group"
        aria-label={`${EDT_NI_KINDS[row.ni].label}, both hosts' buses`}
      >
        {lanes.map((node, i) => {
          const y = i * (LANE_H + 4);
          const bars: TxnBar[] = row.txns
            .filter((t) => t.node === node)
            .map((t) => ({
              id: t.id,
              kind: t.kind,
              agent: t.agent,
              ...rel(row, t),
              at: t.grantedAt,
              words: `host ${node}: ${t.kind} by ${t.agent} for ${t.target}, ${rel(row, t).from}–${rel(row, t).to} after VipPostSend: ${t.why}`,
            }));
          return (
            <g key={node}>
              <text className="ev-lane-label" x={4} y={y + LANE_H / 2} dy="0.35em">
                host {node} bus
              </text>
              <rect
                className="ev-lane-bg"
                x={LABEL_W}
                y={y}
                width={width - PAD_R - LABEL_W}
                height={LANE_H}
              />
              <TxnBars
                bars={bars}
                x={x}
                y={y}
                height={LANE_H}
                patterns={patterns}
                focusedId={focused}
                onFocus={setFocused}
                onHover={setHovered}
                seek={live ? (cycle) => void actions.seek(cycle) : null}
                testId={`edt-txn-${row.ni}`}
              />
            </g>
          );
        })}
        <line
          className="ev-axis"
          x1={LABEL_W}
          x2={width - PAD_R}
          y1={height - AXIS_H + 2}
          y2={height - AXIS_H + 2}
        />
        {ticks.map((t) => (
          <g key={t} transform={`translate(${x(t)},${height - AXIS_H + 2})`} aria-hidden="true">
            <line className="ev-axis" y2={4} />
            <text className="ev-tick" y={16} textAnchor="middle">
              {t}
            </text>
          </g>
        ))}
        <line
          className="ev-end"
          x1={x(latency)}
          x2={x(latency)}
          y1={0}
          y2={height - AXIS_H + 6}
          aria-hidden="true"
        />
      </svg>
      <p className="ev-why">
        {told ? told.why : 'Point at or focus a bar to see why it happened.'}
      </p>
    </section>
  );
}

/** Every transaction on each of the sender's blocks, in order, as lettered chips. */
function Ribbon({ rows, sender }: { rows: TimelineRow[]; sender: number }) {
  const blocks = rows[0]?.blocks ?? [];
  return (
    <table className="vt-table ev-ribbon" data-testid="edt-ribbon">
      <caption>Per block: every transaction on host {sender}&rsquo;s blocks, in order</caption>
      <thead>
        <tr>
          <th scope="col">block</th>
          {rows.map((r) => (
            <th scope="col" key={r.ni}>
              {EDT_NI_KINDS[r.ni].label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {blocks.map((b) => (
          <tr key={b}>
            <th scope="row">{b}</th>
            {rows.map((r) => {
              const mine = r.txns.filter((t) => t.node === sender && t.target === b);
              return (
                <td key={r.ni} data-testid={`edt-ribbon-${r.ni}-${b}`} data-count={mine.length}>
                  <span className="ev-count">{mine.length}:</span>{' '}
                  {mine.map((t) => {
                    const fill = txnColours[t.kind] ?? UNKNOWN_TXN;
                    return (
                      <span
                        key={t.id}
                        className="ev-chip"
                        style={{ background: fill, color: inkFor(fill) }}
                        title={`${t.kind} by ${t.agent}: ${t.why}`}
                      >
                        {t.kind}
                      </span>
                    );
                  })}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TxnTable({ rows }: { rows: TimelineRow[] }) {
  return (
    <table className="vt-table" data-testid="edt-timeline-table">
      <caption>The same transactions, NI by NI (cycles after VipPostSend)</caption>
      <thead>
        <tr>
          <th scope="col">NI</th>
          <th scope="col">cycles</th>
          <th scope="col">host</th>
          <th scope="col">kind</th>
          <th scope="col">by</th>
          <th scope="col">block</th>
          <th scope="col">why</th>
        </tr>
      </thead>
      <tbody>
        {rows.flatMap((r) =>
          r.txns.map((t) => (
            <tr key={`${r.ni}-${t.id}`}>
              <th scope="row">{EDT_NI_KINDS[r.ni].label}</th>
              <td className="num">
                {rel(r, t).from}–{rel(r, t).to}
              </td>
              <td>{t.node}</td>
              <td>{t.kind}</td>
              <td>{t.agent}</td>
              <td>{t.target}</td>
              <td>{t.why}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}

export function ThreeNiTimeline() {
  const frame = useEdtFrame();
  const meta = useEdtMeta();
  const scenarioId = useApp((s) => s.scenario?.id ?? '');
  const ready = useApp((s) => s.api !== null && !s.loading);
  const busy = useApp((s) => Object.values(s.sweeps).some((x) => x.running));
  const sweep = useApp((s) => sweepOf<TimelineRequest, TimelineRow>(s, SWEEP));
  const [wrapRef, width] = useElementWidth<HTMLDivElement>(frame !== null);
  const patterns = useId().replaceAll(':', '');
  const [asTable, setAsTable] = useState(false);
  const messages = frame?.messages ?? [];
  const warm = [...messages].reverse().find((m) => m.src === 0)?.id ?? 0;
  const [pick, setPick] = useState<{ scenario: string; msg: number } | null>(null);
  const msg = pick && pick.scenario === scenarioId ? pick.msg : warm;
  const request = sweep.request;
  const stale = !request || request.msg !== msg || sweep.cancelled;
  useEffect(() => {
    if (ready && !busy && stale && !sweep.running)
      void actions.runSweep(SWEEP, { msg }, MEASURED_NIS.length);
  }, [ready, busy, stale, sweep.running, msg]);
  const rows = useMemo(() => sweep.points.filter((r) => r.outcome === 'done'), [sweep.points]);
  if (!frame || !meta) return <p className="vg-muted">No EDT scenario loaded.</p>;
  const span = Math.max(1, ...rows.map((r) => r.end - r.start));
  const sender = messages[msg]?.src ?? 0;
  const w = Math.max(width, 420);
  return (
    <div className="ev-view" data-testid="edtbus-view" ref={wrapRef}>
      <div className="ev-toolbar">
        <label>
          Message{' '}
          <select
            value={msg}
            data-testid="edtbus-message"
            onChange={(e) => setPick({ scenario: scenarioId, msg: Number(e.target.value) })}
          >
            {messages.map((m) => (
              <option key={m.id} value={m.id}>
                {m.id}: host {m.src} → {m.dst}
              </option>
            ))}
          </select>
        </label>
        <span className="ev-key">
          {sweep.running
            ? `Running the three NIs… (${sweep.done} of ${sweep.total})`
            : `The same scenario run with each NI; ${meta.niLabel} is this run.`}
        </span>
        <TableToggle checked={asTable} onChange={setAsTable} testId="edtbus-table-toggle" />
      </div>
      <TxnPatternDefs prefix={patterns} kinds={KINDS} />
      <ul className="bv-legend ev-legend" aria-label="Transaction kinds">
        {KINDS.map((k) => (
          <li key={k}>
            <TxnSwatch prefix={patterns} kind={k} />
            <strong>{k}</strong> {txnNames[k]}
          </li>
        ))}
      </ul>
      {sweep.points
        .filter((r) => r.outcome !== 'done')
        .map((r) => (
          <p key={r.ni} className="ev-error">
            {EDT_NI_KINDS[r.ni].label}: {r.problem}
          </p>
        ))}
      {rows.map((r) => (
        <Row key={r.ni} row={r} width={w} span={span} patterns={patterns} live={r.ni === meta.ni} />
      ))}
      {rows.length > 0 ? <Ribbon rows={rows} sender={sender} /> : null}
      {asTable && rows.length > 0 ? <TxnTable rows={rows} /> : null}
    </div>
  );
}
