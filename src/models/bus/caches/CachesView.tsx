/**
 * The caches panel: one table per processor's cache, side by side. Rows touched in this cycle are
 * outlined and tagged, stale words are struck through, and the selected block is highlighted in
 * every cache, so a step's effect on each copy of a block is visible at a glance.
 */
import { useApp } from '../../../state/store';
import { busFrame, busMeta } from '../selection';
import '../../../views/views-tables.css';
import { useSelectedBlock } from './blockSelection';
import { CacheCard } from './CacheCard';
import { linePassages } from './passages';
import { touchedBlocks } from './touchedBlocks';

const NO_PASSAGES: ReadonlyMap<number, string[]> = new Map();
import { busFace } from '../../../../sim-core/bus/bus-face';

export function CachesView() {
  const caches = useApp((s) => busFrame(s)?.caches);
  const events = useApp((s) => s.view?.events);
  const meta = useApp((s) => busMeta(s));
  const showLru = useApp(
    (s) =>
      s.scenario?.system.kind === busFace.kind &&
      s.scenario.system.cache.replacement === 'lru' &&
      (busMeta(s)?.geometry.associativity ?? 1) > 1,
  );
  const selectedBlock = useSelectedBlock();
  if (!caches || !events || !meta) return <p className="vt-empty">No scenario loaded.</p>;
  const touched = touchedBlocks(events, meta.geometry.blockBytes);
  const passages = linePassages(events);
  return (
    <div className="vt-view">
      <p className="vt-key">
        Outlined rows <span className="changed-tag">changed</span> in this cycle (a line that
        changed twice lists the states it passed through); struck-through grey words must not be
        used; hatched states are transient. Click a row to follow its block.
      </p>
      <div className="vt-cards">
        {caches.map((cache) => (
          <CacheCard
            key={cache.id}
            cache={cache}
            meta={meta}
            showLru={showLru}
            touched={touched.get(cache.id) ?? new Set()}
            passages={passages.get(cache.id) ?? NO_PASSAGES}
            selectedBlock={selectedBlock}
          />
        ))}
      </div>
    </div>
  );
}
