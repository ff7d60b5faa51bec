/**
 * Virtual buffering (seed 004 Ch. 5; Figs. 5-1, 5-5 to 5-7, 3-5): each process's buffer as a strip
 * of pages filling with messages, L_queue against its overflow threshold, and its delivery mode;
 * each node's local free-page list; the second network, a token ring, with the token and the
 * STOP, EMPTY and RESUME frames of overflow control going round; and the mode ladder with the
 * seed's costs.
 */
import { useState } from 'react';
import type { FuguFrame, FuguProcessView } from '../../../../sim-core/ni/fugu/fugu-frame';
import { TableToggle } from '../../../views/TableToggle';
import { gidStyle, useFuguFrame, useFuguMeta, type FuguMeta } from '../selection';
import '../fugu.css';

function modeWords(p: FuguProcessView): { badge: string; words: string } {
  if (p.overflow) return { badge: 'OVERFLOW', words: 'OVERFLOW: only the message thread runs' };
  if (p.mode === 'DIRECT') return { badge: 'DIRECT', words: 'DIRECT' };
  return { badge: 'BUFFERED', words: `BUFFERED${p.sub ? ` (${p.sub})` : ''}` };
}

function PageStrip({ p, pageBytes }: { p: FuguProcessView; pageBytes: number }) {
  const slots = Math.max(p.pages.length, p.threshold ?? 0, 1);
  return (
    <ol className="fgv-pages" aria-label={`${p.pages.length} buffer pages`}>
      {Array.from({ length: slots }, (_, i) => {
        const used = p.pages[i];
        const page = (
          <li
            key={i}
            className="fgv-page"
            style={
              used === undefined ? { borderStyle: 'dotted', background: '#f7f7f7' } : undefined
            }
            title={used === undefined ? 'no page' : `${used} of ${pageBytes} bytes`}
          >
            {used !== undefined ? (
              <span style={{ height: `${Math.min(1, used / pageBytes) * 100}%` }} />
            ) : null}
          </li>
        );
        // The threshold is a red line after its last page: pages beyond it are overflow.
        return p.threshold !== null && i === p.threshold - 1
          ? [
              page,
              <li
                key="threshold"
                className="fgv-threshold"
                aria-hidden="true"
                title={`overflow threshold: ${p.threshold} pages`}
              />,
            ]
          : page;
      })}
    </ol>
  );
}

function Processes({ frame, meta }: { frame: FuguFrame; meta: FuguMeta }) {
  return (
    <div className="fgv-grid" data-testid="fugu-vbuffer-procs">
      {frame.procs
        .filter((p) => !meta.apps.find((a) => a.gid === p.gid)?.interactive)
        .map((p) => {
          const g = gidStyle(meta, p.gid);
          const mode = modeWords(p);
          return (
            <section
              key={p.pid}
              className="fgv-card"
              aria-label={`${p.app}.${p.vp} on node ${p.node}`}
            >
              <h3>
                <span className="fgv-chip" style={{ background: g.fill, color: g.ink }}>
                  {p.app}.{p.vp}
                </span>{' '}
                on node {p.node}{' '}
                <span
                  className={`fgv-badge fgv-badge-${mode.badge}`}
                  data-testid={`fugu-mode-${p.pid}`}
                >
                  {mode.words}
                </span>
              </h3>
              <PageStrip p={p} pageBytes={meta.pageBytes} />
              <p className="fgv-line fgv-small">
                L_queue {p.pages.length} page{p.pages.length === 1 ? '' : 's'}
                {p.threshold !== null
                  ? ` (threshold ${p.threshold}, the red line)`
                  : ' (no overflow control)'}{' '}
                · {p.buffered.length} buffered · most {p.maxPages} · policy {p.policy}
              </p>
            </section>
          );
        })}
    </div>
  );
}

function Ring({ frame, meta }: { frame: FuguFrame; meta: FuguMeta }) {
  const n = frame.nodes.length;
  const size = 220;
  const r = 80;
  const c = size / 2;
  const at = (i: number, rr = r) => {
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    return [c + rr * Math.cos(a), c + rr * Math.sin(a)] as const;
  };
  const colour = { STOP: '#a30000', EMPTY: '#555555', RESUME: '#009E73' } as Record<string, string>;
  return (
    <section className="fgv-card" aria-label="Second network" data-testid="fugu-ring">
      <h3>Second network: a 1-bit token ring [004 L1161]</h3>
      <svg
        className="fgv-svg"
        width={size}
        height={size}
        role="img"
        aria-label={`token at node ${frame.ring.token.at}; ${frame.ring.frames.length} frames on the ring`}
      >
        <circle cx={c} cy={c} r={r} fill="none" stroke="#999" strokeWidth={3} />
        {frame.nodes.map((node) => {
          const [x, y] = at(node.id);
          return (
            <g key={node.id}>
              <circle cx={x} cy={y} r={13} fill="#fff" stroke="#333" />
              <text x={x} y={y + 4} textAnchor="middle">
                {node.id}
              </text>
            </g>
          );
        })}
        {(() => {
          const [x, y] = at(frame.ring.token.at, r + 20);
          return <circle cx={x} cy={y} r={5} fill="#111" />;
        })()}
        {frame.ring.frames.map((f, i) => {
          const [x, y] = at(f.dst, r - 30 - (i % 3) * 12);
          return (
            <text key={i} x={x} y={y} textAnchor="middle" fill={colour[f.what]} fontWeight={700}>
              {f.what}→{f.dst}
            </text>
          );
        })}
      </svg>
      <p className="fgv-line fgv-small">
        The black dot is the token (cycles per hop: {meta.ringLatency}, a [default]).{' '}
        {frame.ring.frames.length + frame.ring.waiting.length === 0
          ? 'No overflow-control frames.'
          : `${frame.ring.frames.map((f) => `${f.what} ${f.src}→${f.dst}`).join(', ')}${frame.ring.waiting.length ? `; waiting for the token: ${frame.ring.waiting.map((f) => `${f.what} ${f.src}→${f.dst}`).join(', ')}` : ''}`}
      </p>
    </section>
  );
}

function Nodes({ frame }: { frame: FuguFrame }) {
  return (
    <section className="fgv-card" aria-label="Free pages per node">
      <h3>Pages per node</h3>
      <table className="fgv-ledger" data-testid="fugu-free-pages">
        <thead>
          <tr>
            <th scope="col">node</th>
            <th scope="col" className="num">
              local free list
            </th>
            <th scope="col" className="num">
              free frames
            </th>
            <th scope="col" className="num">
              most buffer pages
            </th>
          </tr>
        </thead>
        <tbody>
          {frame.nodes.map((n) => (
            <tr key={n.id}>
              <th scope="row">{n.id}</th>
              <td className="num">{n.freeList}</td>
              <td className="num">{n.freeFrames}</td>
              <td className="num">{n.maxPages}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Ladder({ frame }: { frame: FuguFrame }) {
  const direct = frame.procs.filter((p) => p.mode === 'DIRECT').length;
  const buffered = frame.procs.length - direct;
  return (
    <p className="fgv-line fgv-small" data-testid="fugu-ladder">
      Mode ladder (Figs. 3-5, 5-4): <strong>DIRECT</strong> (hardware speed, 115 per message) (
      {direct} now) → <strong>BUFFERED</strong> in resident memory (232) ({buffered} now) → BUFFERED
      + PAGING over the second network (design only, not simulated) → virtual buffer exhausted.
      Coscheduling pushes left; overflow control keeps processes out of paging.
    </p>
  );
}

function BufferTable({ frame }: { frame: FuguFrame }) {
  return (
    <table className="fgv-ledger" data-testid="fugu-vbuffer-table">
      <caption>Buffers, processes and the ring</caption>
      <thead>
        <tr>
          <th scope="col">process</th>
          <th scope="col">node</th>
          <th scope="col">mode</th>
          <th scope="col" className="num">
            pages (L_queue)
          </th>
          <th scope="col" className="num">
            threshold
          </th>
          <th scope="col" className="num">
            buffered
          </th>
          <th scope="col" className="num">
            most pages
          </th>
        </tr>
      </thead>
      <tbody>
        {frame.procs.map((p) => (
          <tr key={p.pid}>
            <th scope="row">
              {p.app}.{p.vp}
            </th>
            <td>{p.node}</td>
            <td>{modeWords(p).words}</td>
            <td className="num">{p.pages.length}</td>
            <td className="num">{p.threshold ?? '—'}</td>
            <td className="num">{p.buffered.length}</td>
            <td className="num">{p.maxPages}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function VbufferView() {
  const frame = useFuguFrame();
  const meta = useFuguMeta();
  const [table, setTable] = useState(false);
  if (!frame || !meta) return <p className="vg-muted">No FUGU scenario loaded.</p>;
  return (
    <div className="fgv-view" data-testid="fugu-vbuffer-view">
      <div className="fgv-toolbar">
        <span className="fgv-sub">
          cycle {frame.cycle} · pages of {meta.pageBytes} bytes
        </span>
        <TableToggle checked={table} onChange={setTable} testId="fugu-vbuffer-table-toggle" />
      </div>
      {table ? (
        <BufferTable frame={frame} />
      ) : (
        <>
          <Processes frame={frame} meta={meta} />
          <div className="fgv-grid">
            <Ring frame={frame} meta={meta} />
            <Nodes frame={frame} />
          </div>
          <Ladder frame={frame} />
        </>
      )}
    </div>
  );
}
