/**
 * The NI's four queues in memory (digest §C.7), each a ring of 64-byte entries between its Start
 * and End addresses (S and E at the wrap, at the top), the head (next to read, drawn inside) and
 * the tail (next to write, outside); the four pointers are byte addresses, listed under each ring.
 * Each entry's presence flag: F a packet waits, R read (flag cleared, not yet
 * freed by advancing the head), blank empty. When head equals tail the ring is either empty or
 * FULL, which the pointers alone cannot tell: the NI keeps a full bit (the lecture point). An
 * occupied entry is a button that selects its packet; on request, a table says the same in words.
 */
import { arc } from 'd3';
import type { KeyboardEvent } from 'react';
import type { CraniumQueueView } from '../../../../sim-core/ni/cranium/cranium-frame';
import { QUEUE_WORDS } from '../../../../sim-core/ni/cranium/program';
import { queueEntryStyles } from '../../../theme/states';
import { selectCrPacket } from './selection';

const R = 86;
const r = 56;
const hex = (address: number) => `0x${address.toString(16)}`;

type Entry = NonNullable<CraniumQueueView['entries'][number]>;

const entryState = (e: Entry | null) => (e === null ? 'empty' : e.flag ? 'flag' : 'read');

const entryWords = (slot: number, e: Entry | null) =>
  e === null
    ? `slot ${slot}: empty`
    : `slot ${slot}: packet ${e.packet} from node ${e.src} (message ${e.msg}, sequence ${e.seq}), arrived at cycle ${e.at}, ${e.flag ? 'presence flag set' : 'flag cleared (read)'}`;

export function occupancy(q: CraniumQueueView): string {
  const used = q.entries.filter((e) => e !== null).length;
  if (q.head === q.tail) return q.full ? 'FULL' : used === 0 ? 'empty' : `${used} used`;
  return `${used} used`;
}

function Ring({ q, selected }: { q: CraniumQueueView; selected: number | null }) {
  const n = q.size;
  const step = (2 * Math.PI) / n;
  const wedge = arc<number>()
    .innerRadius(r)
    .outerRadius(R)
    .startAngle((i) => i * step)
    .endAngle((i) => (i + 1) * step)
    .padAngle(n <= 64 ? 0.02 : 0);
  const polar = (radius: number, angle: number): [number, number] => [
    radius * Math.sin(angle),
    -radius * Math.cos(angle),
  ];
  const letterSize = n <= 16 ? 17 : n <= 32 ? 11 : 0;
  const mid = (i: number) => (i + 0.5) * step;
  const [hx1, hy1] = polar(20, mid(q.head));
  const [hx2, hy2] = polar(r - 3, mid(q.head));
  const [hlx, hly] = polar(8, mid(q.head));
  const [tx1, ty1] = polar(R + 24, mid(q.tail));
  const [tx2, ty2] = polar(R + 3, mid(q.tail));
  const [tlx, tly] = polar(R + 32, mid(q.tail));
  const status = occupancy(q);
  const activate = (e: KeyboardEvent, packet: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      selectCrPacket(packet);
    }
  };
  return (
    <svg
      viewBox="-128 -128 256 256"
      className="crv-ring-svg"
      role="group"
      aria-label={`${QUEUE_WORDS[q.name]} queue ring: ${n} entries, head entry ${q.head}, tail entry ${q.tail}, ${status}`}
      data-testid={`cranium-ring-${q.name}`}
    >
      <defs>
        <marker
          id={`crv-arrow-${q.name}`}
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="5"
          markerHeight="5"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" className="crv-arrowhead" />
        </marker>
      </defs>
      {q.entries.map((e, i) => {
        const state = entryState(e);
        const style = queueEntryStyles[state];
        const d = wedge(i) ?? '';
        const isSelected = e !== null && e.packet === selected;
        const [lx, ly] = polar((R + r) / 2, mid(i));
        return e === null ? (
          <path key={i} d={d} className="crv-entry crv-entry-empty" fill={style.fill}>
            <title>{entryWords(i, e)}</title>
          </path>
        ) : (
          <g
            key={i}
            role="button"
            tabIndex={0}
            aria-label={entryWords(i, e)}
            aria-pressed={isSelected}
            className={`crv-entry-button${isSelected ? ' crv-selected' : ''}`}
            data-testid={`cranium-entry-${q.name}-${i}`}
            onClick={() => selectCrPacket(e.packet)}
            onKeyDown={(ev) => activate(ev, e.packet)}
          >
            <title>{entryWords(i, e)}</title>
            <path d={d} className="crv-entry" fill={style.fill} />
            {letterSize ? (
              <text
                x={lx}
                y={ly}
                dy="0.35em"
                textAnchor="middle"
                fontSize={letterSize}
                fill={style.ink}
                className="crv-entry-letter"
              >
                {style.letter}
              </text>
            ) : null}
          </g>
        );
      })}
      {/* The wrap: after the entry at the end address comes the one at the start address. */}
      <line className="crv-wrap" x1={0} y1={-(r - 6)} x2={0} y2={-(R + 8)} />
      <text className="crv-pointer-label crv-bound" x={3} y={-(R + 4)} textAnchor="start">
        S
      </text>
      <text className="crv-pointer-label crv-bound" x={-3} y={-(R + 4)} textAnchor="end">
        E
      </text>
      <line
        className="crv-pointer crv-pointer-head"
        x1={hx1}
        y1={hy1}
        x2={hx2}
        y2={hy2}
        markerEnd={`url(#crv-arrow-${q.name})`}
      />
      <text className="crv-pointer-label" x={hlx} y={hly} dy="0.35em" textAnchor="middle">
        H
      </text>
      <line
        className="crv-pointer crv-pointer-tail"
        x1={tx1}
        y1={ty1}
        x2={tx2}
        y2={ty2}
        markerEnd={`url(#crv-arrow-${q.name})`}
      />
      <text className="crv-pointer-label" x={tlx} y={tly} dy="0.35em" textAnchor="middle">
        T
      </text>
    </svg>
  );
}

function QueueTable({ q, selected }: { q: CraniumQueueView; selected: number | null }) {
  const rows = q.entries.flatMap((e, i) =>
    e !== null || i === q.head || i === q.tail ? [{ e, i }] : [],
  );
  const free = q.size - q.entries.filter((e) => e !== null).length;
  return (
    <table className="vt-table crv-queue-table" data-testid={`cranium-queue-table-${q.name}`}>
      <caption>
        {QUEUE_WORDS[q.name]} queue: {q.size} entries from {hex(q.begin)} to {hex(q.end)}, head{' '}
        {hex(q.headAddress)} (entry {q.head}), tail {hex(q.tailAddress)} (entry {q.tail}),{' '}
        {occupancy(q)}. Entries not listed ({free - rows.filter((x) => x.e === null).length}) are
        empty.
      </caption>
      <thead>
        <tr>
          <th scope="col">entry</th>
          <th scope="col">flag</th>
          <th scope="col">packet</th>
          <th scope="col">pointers</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ e, i }) => (
          <tr key={i}>
            <th scope="row">{i}</th>
            <td>{e === null ? 'empty' : e.flag ? 'F (set)' : 'R (cleared)'}</td>
            <td>
              {e === null ? (
                '—'
              ) : (
                <button
                  type="button"
                  className="crv-link"
                  aria-pressed={e.packet === selected}
                  onClick={() => selectCrPacket(e.packet)}
                >
                  packet {e.packet} from node {e.src}, seq {e.seq}
                </button>
              )}
            </td>
            <td>
              {[i === q.head ? 'head' : '', i === q.tail ? 'tail' : ''].filter(Boolean).join(', ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function QueueRings({
  queues,
  showTables,
  selected,
}: {
  queues: readonly CraniumQueueView[];
  showTables: boolean;
  selected: number | null;
}) {
  return (
    <section className="crv-card" aria-label="Queues">
      <h3>Queues</h3>
      <ul className="crv-legend" aria-label="Queue entry key">
        {(['flag', 'read', 'empty'] as const).map((k) => (
          <li key={k}>
            <span
              className="crv-key-swatch"
              style={{ background: queueEntryStyles[k].fill, color: queueEntryStyles[k].ink }}
              aria-hidden="true"
            >
              {queueEntryStyles[k].letter}
            </span>
            {queueEntryStyles[k].name}
          </li>
        ))}
        <li>
          <strong>H</strong> head (next to read) · <strong>T</strong> tail (next to write) · the bar
          at the top: after <strong>E</strong> (End, the last entry) comes <strong>S</strong>{' '}
          (Start). Pointers are byte addresses; each entry is 64 bytes.
        </li>
      </ul>
      <div className="crv-rings">
        {queues.map((q) => (
          <figure key={q.name} className="crv-ring" data-testid={`cranium-queue-${q.name}`}>
            <figcaption>
              <strong>{QUEUE_WORDS[q.name]}</strong>{' '}
              <span className="crv-sub">{q.size} entries of 64 bytes</span>
              <br />
              <span
                className={`crv-ring-status${q.full ? ' crv-ring-full' : ''}`}
                data-testid={`cranium-queue-status-${q.name}`}
              >
                {occupancy(q)}
              </span>
              {q.head === q.tail ? <span className="crv-sub"> (head = tail)</span> : null}
            </figcaption>
            <Ring q={q} selected={selected} />
            <dl className="crv-pointers" data-testid={`cranium-queue-pointers-${q.name}`}>
              <dt>S (start)</dt>
              <dd>{hex(q.begin)}</dd>
              <dt>E (end)</dt>
              <dd>{hex(q.end)}</dd>
              <dt>H (head)</dt>
              <dd>
                {hex(q.headAddress)} <span className="crv-sub">entry {q.head}</span>
              </dd>
              <dt>T (tail)</dt>
              <dd>
                {hex(q.tailAddress)} <span className="crv-sub">entry {q.tail}</span>
              </dd>
            </dl>
            {showTables ? <QueueTable q={q} selected={selected} /> : null}
          </figure>
        ))}
      </div>
    </section>
  );
}
