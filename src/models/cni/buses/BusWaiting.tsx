/**
 * Requests waiting for a bus, oldest first. One the I/O bridge NACKed (both buses started at
 * once, §B.8) is marked: its retry is guaranteed to go through.
 */
import type { CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';

export function BusWaiting({ queue }: { queue: CniNodeView['bus']['queue'] }) {
  if (queue.length === 0)
    return <p className="bv-waiting vg-muted">No request waits for the bus.</p>;
  return (
    <div className="bv-waiting">
      <strong>Waiting for the bus ({queue.length}):</strong>
      <ol>
        {queue.map((r, i) => (
          <li key={i} className={r.guaranteed ? 'bv-nacked' : undefined}>
            {r.agent} for {r.target}: {r.why}
            {r.guaranteed ? <strong> — NACKed, retry guaranteed</strong> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
