/**
 * The block-transfer pipeline (round2-spec §B2.3): each transfer's components by sequence number,
 * from the sender's MAGIC through the network into the receiver's buffer (which fills line by
 * line, in whatever order they arrive); the time a line against lines sent, split into the
 * marginal transfer time and the amortised fixed cost, with the bandwidth it gives (Fig. 6); and
 * the chunking curve against k with the dirty floor at 43 (Fig. 10). A table says the same.
 */
import { scaleLinear } from 'd3';
import { useState } from 'react';
import type {
  FlashFrame,
  TransferView as TransferRow,
} from '../../../sim-core/ni/flash/flash-frame';
import type { FlashMeta } from '../../../sim-core/ni/flash/flash-meta';
import { TableToggle } from '../../views/TableToggle';
import { chunkCurve, dirtyFloor } from './chunk-curve';
import { useFlashFrame, useFlashMeta } from './flash-store';
import './views-flash.css';

type Stage = 'waiting' | 'outbox' | 'network' | 'received';
const STAGE_WORDS: Record<Stage, string> = {
  waiting: 'not yet sent',
  outbox: 'in the sender’s Outbox',
  network: 'in the network',
  received: 'written at the receiver',
};

function stages(frame: FlashFrame, t: TransferRow): Stage[] {
  const flying = new Set(
    frame.inFlight.filter((m) => m.transfer === t.id && m.type === 'component').map((m) => m.seq),
  );
  return Array.from({ length: t.components }, (_, seq): Stage =>
    t.got[seq] ? 'received' : flying.has(seq) ? 'network' : seq < t.sent ? 'outbox' : 'waiting',
  );
}

function Pipeline({ frame, t }: { frame: FlashFrame; t: TransferRow }) {
  const st = stages(frame, t);
  const cell = Math.max(6, Math.min(18, 600 / t.components));
  const W = 120 + t.components * cell + 10;
  return (
    <svg
      width={W}
      height={40}
      role="img"
      aria-label={`Transfer ${t.id}: ${t.gotCount} of ${t.components} lines received`}
      className="fl-svg"
      data-testid={`transfer-pipeline-${t.id}`}
    >
      <text className="fl-label" x={0} y={14}>
        T{t.id}: {t.from}→{t.to}
      </text>
      <text className="fl-sub" x={0} y={30}>
        {t.status} · {t.gotCount}/{t.components}
      </text>
      {st.map((s, seq) => (
        <rect
          key={seq}
          className={`fl-seq fl-${s}`}
          x={120 + seq * cell}
          y={6}
          width={cell - 2}
          height={24}
        >
          <title>{`component ${seq}: ${STAGE_WORDS[s]}`}</title>
        </rect>
      ))}
    </svg>
  );
}

function PerLineChart({ t }: { t: TransferRow }) {
  const x = t.t;
  if (x.end < 0 || x.firstByte < 0)
    return (
      <p className="fl-sub">
        Time a line against lines sent appears when transfer {t.id} completes.
      </p>
    );
  const marginal = (x.lastTail - x.firstByte) / t.components;
  const fixed = x.end - x.start - (x.lastTail - x.firstByte);
  const ns = [1, 2, 4, 8, 16, 32, 64].filter((n) => n <= Math.max(32, t.components));
  const W = 460;
  const H = 170;
  const L = 44;
  const B = 24;
  const y = scaleLinear()
    .domain([0, marginal + fixed])
    .range([H - B, 46]);
  const bw = (W - L - 50) / ns.length;
  return (
    <svg
      width={W}
      height={H}
      role="img"
      aria-label={`Time a line: ${marginal.toFixed(1)} cycles marginal plus ${fixed} fixed cycles over the lines`}
      className="fl-svg"
      data-testid="per-line-chart"
    >
      <text className="fl-sub" x={4} y={12}>
        cycles a line against lines sent N: marginal {marginal.toFixed(1)} (blue)
      </text>
      <text className="fl-sub" x={4} y={26}>
        + fixed {fixed} / N (orange); MB/s above each bar
      </text>
      {ns.map((n, i) => {
        const am = fixed / n;
        const bx = L + i * bw + 4;
        const mbs = (128 * 100) / (marginal + am);
        return (
          <g key={n}>
            <rect
              className="fl-marginal"
              x={bx}
              y={y(marginal)}
              width={bw - 8}
              height={H - B - y(marginal)}
            >
              <title>{`${n} lines: ${marginal.toFixed(1)} cycles transfer`}</title>
            </rect>
            <rect
              className="fl-amortised"
              x={bx}
              y={y(marginal + am)}
              width={bw - 8}
              height={y(marginal) - y(marginal + am)}
            >
              <title>{`${n} lines: ${am.toFixed(1)} cycles of amortised fixed cost`}</title>
            </rect>
            <text className="fl-tick" x={bx + (bw - 8) / 2} y={H - 8} textAnchor="middle">
              {n}
            </text>
            <text
              className="fl-tick"
              x={bx + (bw - 8) / 2}
              y={y(marginal + am) - 3}
              textAnchor="middle"
            >
              {mbs.toFixed(0)}
            </text>
          </g>
        );
      })}
      {y.ticks(4).map((v) => (
        <text key={v} className="fl-tick" x={L - 4} y={y(v) + 4} textAnchor="end">
          {v}
        </text>
      ))}
    </svg>
  );
}

function ChunkChart({ meta }: { meta: FlashMeta }) {
  const pts = chunkCurve(meta);
  const floor = dirtyFloor(meta);
  const W = 360;
  const H = 190;
  const L = 40;
  const x = scaleLinear()
    .domain([0, pts.length - 1])
    .range([L + 20, W - 20]);
  const y = scaleLinear()
    .domain([0, Math.max(...pts.map((p) => p.dirty)) + 6])
    .range([H - 24, 50]);
  const path = (key: 'clean' | 'dirty') =>
    pts.map((p, i) => `${i ? 'L' : 'M'}${x(i)},${y(p[key])}`).join(' ');
  return (
    <svg
      width={W}
      height={H}
      role="img"
      aria-label={`Chunking curve: ${pts.map((p) => `k ${p.k} clean ${p.clean.toFixed(1)} dirty ${p.dirty.toFixed(1)}`).join('; ')}`}
      className="fl-svg"
      data-testid="chunk-chart"
    >
      <text className="fl-sub" x={4} y={12}>
        sender cycles a line against the chunk factor k
      </text>
      <text className="fl-sub" x={4} y={26}>
        (from the handler’s steps; this run’s k filled)
      </text>
      <line className="fl-floor" x1={L} x2={W - 10} y1={y(floor)} y2={y(floor)} />
      <text className="fl-tick" x={W - 12} y={y(floor) + 14} textAnchor="end">
        cache floor {floor}
      </text>
      <path className="fl-curve fl-dirty-curve" d={path('dirty')} />
      <path className="fl-curve fl-clean-curve" d={path('clean')} />
      {pts.map((p, i) => (
        <g key={p.k}>
          <circle
            className={`fl-point${p.k === meta.chunk ? ' fl-this' : ''}`}
            cx={x(i)}
            cy={y(p.dirty)}
            r={4}
          />
          <circle
            className={`fl-point${p.k === meta.chunk ? ' fl-this' : ''}`}
            cx={x(i)}
            cy={y(p.clean)}
            r={4}
          />
          <text className="fl-tick" x={x(i)} y={H - 8} textAnchor="middle">
            k={p.k}
          </text>
        </g>
      ))}
      <text className="fl-tick" x={x(0) + 8} y={y(pts[0]!.dirty) - 8}>
        dirty
      </text>
      <text className="fl-tick" x={x(0) + 6} y={y(pts[0]!.clean) + 14}>
        clean
      </text>
    </svg>
  );
}

export function TransferView() {
  const frame = useFlashFrame();
  const meta = useFlashMeta();
  const [table, setTable] = useState(false);
  if (!frame || !meta)
    return <p className="muted">The transfer pipeline is drawn for a FLASH machine.</p>;
  const curve = chunkCurve(meta);
  return (
    <div className="fl-panel" data-testid="transfer-view">
      <div className="fl-head">
        <span className="fl-legend">
          {(Object.keys(STAGE_WORDS) as Stage[]).map((s) => (
            <span key={s}>
              <span className={`fl-swatch fl-${s}`} aria-hidden="true" /> {STAGE_WORDS[s]}
            </span>
          ))}
        </span>
        <TableToggle checked={table} onChange={setTable} plural testId="transfer-table-toggle" />
      </div>
      {table ? (
        <>
          <table className="vt-table" data-testid="transfer-table">
            <caption>Components by sequence number</caption>
            <thead>
              <tr>
                <th scope="col">transfer</th>
                <th scope="col">status</th>
                <th scope="col">credit (B)</th>
                <th scope="col">sent</th>
                <th scope="col">received</th>
                <th scope="col">in the network</th>
              </tr>
            </thead>
            <tbody>
              {frame.transfers.map((t) => (
                <tr key={t.id}>
                  <th scope="row">
                    {t.id}: {t.from} → {t.to}
                  </th>
                  <td>{t.status}</td>
                  <td className="num">{t.credit}</td>
                  <td className="num">{t.sent}</td>
                  <td className="num">
                    {t.gotCount} / {t.components}
                  </td>
                  <td>
                    {stages(frame, t)
                      .flatMap((s, i) => (s === 'network' ? [i] : []))
                      .join(', ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="vt-table" data-testid="chunk-table">
            <caption>
              Sender cycles a line against the chunk factor (from the handler’s steps)
            </caption>
            <thead>
              <tr>
                <th scope="col">k</th>
                <th scope="col">clean</th>
                <th scope="col">dirty (floor {dirtyFloor(meta)})</th>
              </tr>
            </thead>
            <tbody>
              {curve.map((p) => (
                <tr key={p.k}>
                  <th scope="row">{p.k}</th>
                  <td className="num">{p.clean.toFixed(1)}</td>
                  <td className="num">{p.dirty.toFixed(1)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <>
          {frame.transfers.map((t) => (
            <Pipeline key={t.id} frame={frame} t={t} />
          ))}
          <div className="fl-charts">
            {frame.transfers[0] ? <PerLineChart t={frame.transfers[0]} /> : null}
            <ChunkChart meta={meta} />
          </div>
        </>
      )}
    </div>
  );
}
