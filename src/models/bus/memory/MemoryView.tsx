/**
 * The memory panel: main-memory blocks touched so far, which caches hold each one, and its words.
 * Memory words are stale while a cache owns a newer value (the block is M or O there); memory
 * catches up when that cache writes the block back or flushes it.
 */
import { hex } from '../../../../sim-core/index';
import { useApp } from '../../../state/store';
import { busFrame, busMeta } from '../selection';
import { selectableRow, useSelectedBlock } from '../caches/blockSelection';
import { WordCells, WordHeaders } from '../caches/DataWords';
import '../../../views/views-tables.css';
import { HolderBadges } from './HolderBadges';
import { holdersByBlock } from './cacheHolders';

const STALE_IN_MEMORY =
  'stale: a newer value is in a cache (M or O there) or on its way over the bus';

export function MemoryView() {
  const memory = useApp((s) => busFrame(s)?.memory);
  const caches = useApp((s) => busFrame(s)?.caches);
  const events = useApp((s) => s.view?.events);
  const geometry = useApp((s) => busMeta(s)?.geometry);
  const selectedBlock = useSelectedBlock();
  if (!memory || !caches || !events || !geometry) {
    return <p className="vt-empty">No scenario loaded.</p>;
  }
  const { blockBytes, wordBytes } = geometry;
  const holders = holdersByBlock(caches);
  // Memory changes only when a bus transaction writes a block back or flushes it.
  const written = new Set(
    events.flatMap((e) => (e.kind === 'bus.grant' && e.memoryUpdated ? [e.block] : [])),
  );
  return (
    <div className="vt-view">
      <p className="vt-key">
        Struck-through grey words are <strong>stale</strong>: a newer value sits in a cache (the
        block is M or O there) or is on its way over the bus; memory catches up only when the owner
        writes the block back or flushes it.
      </p>
      {memory.length === 0 ? (
        <p className="vt-empty">No memory block has been touched yet.</p>
      ) : (
        <table className="vt-table memory-table" data-testid="memory">
          <caption>Main memory: blocks touched so far</caption>
          <thead>
            <tr>
              <th scope="col">block address</th>
              <th scope="col">cached in</th>
              <WordHeaders count={blockBytes / wordBytes} wordBytes={wordBytes} />
            </tr>
          </thead>
          <tbody>
            {memory.map((m) => {
              const changed = written.has(m.block);
              const selected = m.block === selectedBlock;
              const classes = ['line', changed && 'changed', selected && 'selected'];
              return (
                <tr
                  key={m.block}
                  className={classes.filter(Boolean).join(' ')}
                  data-testid={`memory-${hex(m.block * blockBytes)}`}
                  {...selectableRow(m.block, selected)}
                >
                  <th scope="row" className="addr">
                    {hex(m.block * blockBytes)}
                    {changed ? <span className="changed-tag">changed</span> : null}
                  </th>
                  <td className="holders">
                    <HolderBadges holders={holders.get(m.block) ?? []} />
                  </td>
                  <WordCells words={m.words} stale={m.stale} staleReason={STALE_IN_MEMORY} />
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
