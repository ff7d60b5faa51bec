/**
 * A pinned page as a grid of its 32-byte lines, filling as auto-receive DMA writes them at
 * base + 32·sequence, in whatever order the packets arrive: each written line shows its sequence
 * number and arrival order (1st, 2nd …), marked "!" when it is out of order — it arrived before a
 * lower sequence (it overtook) or after a higher one (it was overtaken) — and the processor's
 * cached state of the line (I, CE, DE). A written line is a button that selects its packet.
 */
import type {
  CraniumChannelView,
  CraniumPacketView,
  CraniumPageLine,
  CraniumPageView,
} from '../../../../sim-core/ni/cranium/cranium-frame';
import { craniumCacheStyle, pageLineStyles } from '../../../theme/states';
import { selectCrPacket } from './selection';

export const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : n % 10 === 1
        ? 'st'
        : n % 10 === 2
          ? 'nd'
          : n % 10 === 3
            ? 'rd'
            : 'th';
  return `${n}${suffix}`;
};

export interface LineOrder {
  /** Lower sequences of its message that arrived later or have not arrived yet. */
  overtook: number[];
  /** Higher sequences of its message that arrived earlier. */
  overtakenBy: number[];
}

/** How a written line's arrival compares with the other packets of its message. */
export function lineOrder(line: CraniumPageLine, packets: readonly CraniumPacketView[]): LineOrder {
  const overtook: number[] = [];
  const overtakenBy: number[] = [];
  for (const p of packets) {
    if (p.msg !== line.msg || p.id === line.packet) continue;
    const placed = p.placedAt >= 0;
    if (p.seq < line.seq && (!placed || p.placedAt > line.at)) overtook.push(p.seq);
    if (p.seq > line.seq && placed && p.placedAt < line.at) overtakenBy.push(p.seq);
  }
  return {
    overtook: overtook.sort((a, b) => a - b),
    overtakenBy: overtakenBy.sort((a, b) => a - b),
  };
}

const list = (seqs: number[]) =>
  seqs.length <= 1 ? `${seqs[0]}` : `${seqs.slice(0, -1).join(', ')} and ${seqs.at(-1)}`;

function orderWords(o: LineOrder): string {
  const parts: string[] = [];
  if (o.overtook.length) parts.push(`ahead of sequence ${list(o.overtook)}`);
  if (o.overtakenBy.length) parts.push(`after sequence ${list(o.overtakenBy)}`);
  return parts.length ? `out of order: ${parts.join('; ')}` : 'in order';
}

/** How many lines to draw: up to the last one written, cached or expected, in whole rows. */
function shownLines(page: CraniumPageView, expected: number): { count: number; perRow: number } {
  let last = expected - 1;
  page.lines.forEach((l, i) => {
    if (l) last = Math.max(last, i);
  });
  page.cache.forEach((c, i) => {
    if (c !== 'I') last = Math.max(last, i);
  });
  const perRow = last + 1 > 64 ? 16 : 8;
  const count = Math.min(
    page.lines.length,
    Math.max(perRow, Math.ceil((last + 1) / perRow) * perRow),
  );
  return { count, perRow };
}

function PageLine({
  page,
  index,
  packets,
  selected,
  compact,
}: {
  page: CraniumPageView;
  index: number;
  packets: readonly CraniumPacketView[];
  selected: number | null;
  compact: boolean;
}) {
  const line = page.lines[index] ?? null;
  const cache = page.cache[index] ?? 'I';
  const cacheStyle = craniumCacheStyle(cache);
  const cacheBadge = (
    <span
      className="crv-cache-badge"
      style={{ background: cacheStyle.fill, color: cacheStyle.ink }}
      title={`processor cache: ${cache}`}
      aria-hidden="true"
    >
      {cache}
    </span>
  );
  if (!line) {
    return (
      <li
        className="crv-line crv-line-empty"
        data-testid={`cranium-line-${page.handle}-${index}`}
        data-state="empty"
        aria-label={`line ${index}: not written; processor cache ${cache}`}
      >
        <span className="crv-line-no" aria-hidden="true">
          {index}
        </span>
        {compact ? null : cacheBadge}
      </li>
    );
  }
  const order = lineOrder(line, packets);
  const ooo = order.overtook.length > 0 || order.overtakenBy.length > 0;
  const style = ooo ? pageLineStyles.outOfOrder : pageLineStyles.inOrder;
  const label =
    `line ${index}: sequence ${line.seq} of message ${line.msg} (packet ${line.packet}), ` +
    `arrived ${ordinal(line.order)} at cycle ${line.at}, ${orderWords(order)}` +
    `${line.writes > 1 ? `, written ${line.writes} times` : ''}; processor cache ${cache}`;
  return (
    <li
      className={`crv-line${ooo ? ' crv-line-ooo' : ''}`}
      data-testid={`cranium-line-${page.handle}-${index}`}
      data-state={ooo ? 'out-of-order' : 'in-order'}
    >
      <button
        type="button"
        className={`crv-line-button${line.packet === selected ? ' crv-selected' : ''}`}
        style={{ background: style.fill, color: style.ink }}
        aria-label={label}
        aria-pressed={line.packet === selected}
        title={label}
        onClick={() => selectCrPacket(line.packet)}
      >
        {/* Compact cells show the sequence alone: DMA placed it at line = sequence. */}
        {compact && line.seq === index ? null : (
          <span className="crv-line-no" aria-hidden="true">
            {index}
          </span>
        )}
        {compact ? null : cacheBadge}
        <span className="crv-line-seq" aria-hidden="true">
          {compact ? line.seq : `seq ${line.seq}`}
        </span>
        <span className="crv-line-order" aria-hidden="true">
          {ordinal(line.order)}
          <strong className={ooo ? 'crv-ooo-mark' : 'crv-ok-mark'}> {style.letter}</strong>
          {line.writes > 1 ? ` ×${line.writes}` : ''}
        </span>
      </button>
    </li>
  );
}

export function PageGrid({
  page,
  channels,
  packets,
  selected,
  showTable,
}: {
  page: CraniumPageView;
  channels: readonly CraniumChannelView[];
  packets: readonly CraniumPacketView[];
  selected: number | null;
  showTable: boolean;
}) {
  const recv = channels.filter((c) => c.dir === 'recv' && c.handle === page.handle);
  const expected = Math.max(0, ...recv.map((c) => c.packets));
  const { count, perRow } = shownLines(page, expected);
  const written = page.lines.filter(Boolean).length;
  const ooo = page.lines.filter((l) => {
    if (!l) return false;
    const o = lineOrder(l, packets);
    return o.overtook.length > 0 || o.overtakenBy.length > 0;
  }).length;
  const compact = perRow > 8;
  return (
    <figure className="crv-page" data-testid={`cranium-page-${page.handle}`}>
      <figcaption>
        <strong>Buffer {page.handle}</strong>{' '}
        <span className="crv-sub">
          page frame 0x{page.frame.toString(16)} · {page.lines.length} lines of 32 B ·{' '}
          <span data-testid={`cranium-page-written-${page.handle}`}>{written} written</span>
          {ooo ? `, ${ooo} out of order` : ''}
          {recv.length
            ? ` · receive channel ${recv.map((c) => `${c.id}: ${c.remaining} of ${c.packets} to come`).join('; ')}`
            : ''}
        </span>
      </figcaption>
      <ol
        className={`crv-lines${compact ? ' crv-lines-compact' : ''}`}
        style={{ gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}
        aria-label={`Buffer ${page.handle}, lines 0 to ${count - 1}`}
      >
        {Array.from({ length: count }, (_, i) => (
          <PageLine
            key={i}
            page={page}
            index={i}
            packets={packets}
            selected={selected}
            compact={compact}
          />
        ))}
      </ol>
      {count < page.lines.length ? (
        <p className="crv-note">
          Lines {count}–{page.lines.length - 1}: not written, not cached.
        </p>
      ) : null}
      {showTable ? (
        <table
          className="vt-table crv-page-table"
          data-testid={`cranium-page-table-${page.handle}`}
        >
          <caption>Buffer {page.handle}: the lines written so far</caption>
          <thead>
            <tr>
              <th scope="col">line</th>
              <th scope="col">sequence</th>
              <th scope="col">packet</th>
              <th scope="col">arrived</th>
              <th scope="col">order</th>
              <th scope="col">cache</th>
            </tr>
          </thead>
          <tbody>
            {page.lines.flatMap((l, i) =>
              l
                ? [
                    <tr key={i}>
                      <th scope="row">{i}</th>
                      <td className="num">{l.seq}</td>
                      <td>
                        <button
                          type="button"
                          className="crv-link"
                          aria-pressed={l.packet === selected}
                          onClick={() => selectCrPacket(l.packet)}
                        >
                          packet {l.packet}
                        </button>
                      </td>
                      <td>
                        {ordinal(l.order)}, cycle {l.at}
                      </td>
                      <td>{orderWords(lineOrder(l, packets))}</td>
                      <td>{page.cache[i] ?? 'I'}</td>
                    </tr>,
                  ]
                : [],
            )}
          </tbody>
        </table>
      ) : null}
    </figure>
  );
}

export function PageLegend() {
  return (
    <ul className="crv-legend" aria-label="Page line key">
      {(['inOrder', 'outOfOrder', 'empty'] as const).map((k) => (
        <li key={k}>
          <span
            className="crv-key-swatch"
            style={{ background: pageLineStyles[k].fill, color: pageLineStyles[k].ink }}
            aria-hidden="true"
          >
            {pageLineStyles[k].letter}
          </span>
          {pageLineStyles[k].name}
        </li>
      ))}
      {(['I', 'CE', 'DE'] as const).map((c) => (
        <li key={c}>
          <span
            className="crv-key-swatch crv-key-cache"
            style={{ background: craniumCacheStyle(c).fill, color: craniumCacheStyle(c).ink }}
            aria-hidden="true"
          >
            {c}
          </span>
          {c === 'I' ? 'not cached' : c === 'CE' ? 'cached clean' : 'cached dirty'}
        </li>
      ))}
    </ul>
  );
}
