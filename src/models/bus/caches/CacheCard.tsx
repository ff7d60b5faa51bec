/** One processor's cache as a table of its lines, with its write-back buffer underneath. */
import type { BusFrame, BusMeta } from '../../../../sim-core/index';
import { CacheLineRow } from './CacheLineRow';
import { WordHeaders } from './DataWords';
import { lruVictims } from './lruVictims';
import { WriteBackBuffer } from './WriteBackBuffer';

interface CacheCardProps {
  cache: BusFrame['caches'][number];
  meta: BusMeta;
  /** Only an LRU cache has a predictable next victim worth showing. */
  showLru: boolean;
  touched: ReadonlySet<number>;
  /** The states a block's line passed through in this cycle, where it changed twice or more. */
  passages: ReadonlyMap<number, string[]>;
  selectedBlock: number | null;
}

export function CacheCard(props: CacheCardProps) {
  const { cache, meta, showLru, touched, passages, selectedBlock } = props;
  const { blockBytes, wordBytes } = meta.geometry;
  const victims = showLru ? lruVictims(cache.lines, meta.protocol) : new Set<string>();
  return (
    <div className="vt-card" data-testid={`cache-P${cache.id}`}>
      <table className="vt-table cache-table">
        <caption>P{cache.id} cache</caption>
        <thead>
          <tr>
            <th scope="col">set</th>
            <th scope="col">way</th>
            <th scope="col">block address</th>
            <th scope="col">state</th>
            <WordHeaders count={blockBytes / wordBytes} wordBytes={wordBytes} />
          </tr>
        </thead>
        <tbody>
          {cache.lines.map((line) => (
            <CacheLineRow
              key={`${line.set}-${line.way}`}
              cache={cache.id}
              line={line}
              blockBytes={blockBytes}
              unusable={(meta.protocol.states[line.state]?.perm ?? 'none') === 'none'}
              changed={line.block >= 0 && touched.has(line.block)}
              passage={line.block >= 0 ? passages.get(line.block) : undefined}
              selected={line.block >= 0 && line.block === selectedBlock}
              nextVictim={victims.has(`${line.set}-${line.way}`)}
              firstOfSet={line.way === 0}
            />
          ))}
        </tbody>
      </table>
      {cache.wbBuffer.length > 0 ? (
        <WriteBackBuffer
          cache={cache.id}
          entries={cache.wbBuffer}
          blockBytes={blockBytes}
          wordBytes={wordBytes}
          touched={touched}
          passages={passages}
          selectedBlock={selectedBlock}
        />
      ) : null}
    </div>
  );
}
