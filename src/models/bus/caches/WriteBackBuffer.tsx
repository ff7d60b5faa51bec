/** A cache's write-back buffer: dirty victims waiting for the bus to carry them to memory. */
import { hex, type BusFrame } from '../../../../sim-core/index';
import { selectableRow } from './blockSelection';
import { WordCells, WordHeaders } from './DataWords';
import { STALE_IN_CACHE } from './CacheLineRow';
import { LinePassage } from './LinePassage';
import { StateBadge } from './StateBadge';

type Entry = BusFrame['caches'][number]['wbBuffer'][number];

interface WriteBackBufferProps {
  cache: number;
  entries: readonly Entry[];
  blockBytes: number;
  wordBytes: number;
  touched: ReadonlySet<number>;
  passages: ReadonlyMap<number, string[]>;
  selectedBlock: number | null;
}

export function WriteBackBuffer(props: WriteBackBufferProps) {
  const { cache, entries, blockBytes, wordBytes, touched, passages, selectedBlock } = props;
  return (
    <table className="vt-table wb-buffer" data-testid={`wb-P${cache}`}>
      <caption>P{cache} write-back buffer</caption>
      <thead>
        <tr>
          <th scope="col">block address</th>
          <th scope="col">state</th>
          <WordHeaders count={entries[0]?.words.length ?? 0} wordBytes={wordBytes} />
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => {
          const changed = touched.has(e.block);
          const selected = e.block === selectedBlock;
          const classes = ['line', changed && 'changed', selected && 'selected'];
          return (
            <tr
              key={e.block}
              className={classes.filter(Boolean).join(' ')}
              data-testid={`wb-P${cache}-${e.block}`}
              {...selectableRow(e.block, selected)}
            >
              <th scope="row" className="addr">
                {hex(e.block * blockBytes)}
                {changed ? <span className="changed-tag">changed</span> : null}
              </th>
              <td className="state" data-state={e.state}>
                <StateBadge state={e.state} />
                <LinePassage states={passages.get(e.block)} />
              </td>
              <WordCells words={e.words} stale={e.stale} staleReason={STALE_IN_CACHE} />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
