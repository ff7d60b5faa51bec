/** The caches holding a block, each with its state badge ("P1 M", "P0 buffer M"). */
import { StateBadge } from '../caches/StateBadge';
import type { Holder } from './cacheHolders';

export function HolderBadges({ holders }: { holders: readonly Holder[] }) {
  if (holders.length === 0) return <span className="muted">none</span>;
  return holders.map((h) => (
    <span key={`${h.cache}-${h.inWbBuffer}`} className="holder">
      P{h.cache}
      {h.inWbBuffer ? ' buffer' : ''} <StateBadge state={h.state} />
    </span>
  ));
}
