/**
 * The data words of a block as table cells, with their column headers. Words a student must not
 * trust are greyed and struck through, with a tooltip (and hidden text for screen readers) saying why.
 */
import { hex } from '../../../../sim-core/index';

export function WordHeaders({ count, wordBytes }: { count: number; wordBytes: number }) {
  return Array.from({ length: count }, (_, w) => (
    <th key={w} scope="col" className="word" title={`word ${w}, byte offset ${hex(w * wordBytes)}`}>
      w{w}
      <span className="word-offset">+{hex(w * wordBytes)}</span>
    </th>
  ));
}

interface WordCellsProps {
  words: readonly number[];
  stale: readonly boolean[];
  /** Why stale words are stale, in this view's terms. */
  staleReason: string;
  /** Set when the whole line holds no usable data (invalid, or still waiting for its fill). */
  unusable?: string | null;
}

export function WordCells({ words, stale, staleReason, unusable = null }: WordCellsProps) {
  return words.map((value, w) => {
    const reason = unusable ?? (stale[w] ? staleReason : null);
    return (
      <td key={w} className={reason ? 'word stale' : 'word'} title={reason ?? undefined}>
        {value}
        {reason && !unusable ? <span className="visually-hidden"> (stale)</span> : null}
      </td>
    );
  });
}
