/** One cache line as a table row: where it sits, which block it holds, its state and its words. */
import { hex, type BusFrame } from '../../../../sim-core/index';
import { selectableRow } from './blockSelection';
import { WordCells } from './DataWords';
import { LinePassage } from './LinePassage';
import { StateBadge } from './StateBadge';

type Line = BusFrame['caches'][number]['lines'][number];

export const STALE_IN_CACHE = 'stale: a newer value was stored elsewhere';

interface CacheLineRowProps {
  cache: number;
  line: Line;
  blockBytes: number;
  /** The line's state grants neither read nor write permission. */
  unusable: boolean;
  changed: boolean;
  /** The states it passed through in this cycle, if it changed twice or more. */
  passage: readonly string[] | undefined;
  selected: boolean;
  /** The way the replacement policy would evict next in this set. */
  nextVictim: boolean;
  firstOfSet: boolean;
}

function unusableReason(state: string): string {
  return state === 'I'
    ? 'invalid: these are left-over words the cache must not use'
    : `${state}: not usable yet, the block is still on its way`;
}

export function CacheLineRow(props: CacheLineRowProps) {
  const { cache, line, blockBytes, unusable, changed, passage, selected, nextVictim, firstOfSet } =
    props;
  const filled = line.block >= 0;
  const classes = ['line', changed && 'changed', selected && 'selected', firstOfSet && 'set-start'];
  return (
    <tr
      className={classes.filter(Boolean).join(' ')}
      data-testid={`line-P${cache}-${line.set}-${line.way}`}
      {...(filled ? selectableRow(line.block, selected) : {})}
    >
      <td className="num">{line.set}</td>
      <td className="way">
        {line.way}
        {line.lastUse >= 0 ? (
          <span className="hint" title={`last used in cycle ${line.lastUse}`}>
            @{line.lastUse}
          </span>
        ) : null}
        {nextVictim ? (
          <span className="hint victim" title="least recently used: the next miss here evicts it">
            LRU
          </span>
        ) : null}
      </td>
      <th scope="row" className="addr">
        {filled ? hex(line.block * blockBytes) : '—'}
        {changed ? <span className="changed-tag">changed</span> : null}
      </th>
      <td className="state" data-state={line.state}>
        <StateBadge state={line.state} />
        <LinePassage states={passage} />
      </td>
      {filled && unusable && line.state !== 'I' ? (
        // The line is reserved for a block whose data has not arrived: show no words at all.
        <td className="empty-line" colSpan={line.words.length} title={unusableReason(line.state)}>
          waiting for the block's data…
        </td>
      ) : filled ? (
        <WordCells
          words={line.words}
          stale={line.stale}
          staleReason={STALE_IN_CACHE}
          unusable={unusable ? unusableReason(line.state) : null}
        />
      ) : (
        <td className="empty-line" colSpan={line.words.length}>
          empty
        </td>
      )}
    </tr>
  );
}
