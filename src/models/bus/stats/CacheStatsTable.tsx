/** Per-cache statistics: accesses, hits and misses, and the coherence traffic each cache caused. */
import type { BusSystemStats } from '../../../../sim-core/index';
import { rate } from '../../../views/stats/format';

const COLUMNS = [
  'loads',
  'stores',
  'hits',
  'misses',
  'hit rate',
  'upgrades',
  'write-backs',
  'supplied',
];

export function CacheStatsTable({ caches }: { caches: BusSystemStats['caches'] }) {
  return (
    <table className="vt-table stats-table" data-testid="stats-caches">
      <caption>Caches</caption>
      <thead>
        <tr>
          <th scope="col">cache</th>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {caches.map((c) => {
          const hits = c.loadHits + c.storeHits;
          const misses = c.loadMisses + c.storeMisses;
          const cells = [
            c.loads,
            c.stores,
            hits,
            misses,
            rate(hits, hits + misses),
            c.upgrades,
            c.writebacks,
            c.suppliedBlocks,
          ];
          return (
            <tr key={c.id}>
              <th scope="row">P{c.id}</th>
              {cells.map((value, i) => (
                <td key={COLUMNS[i]} className="num">
                  {value}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
