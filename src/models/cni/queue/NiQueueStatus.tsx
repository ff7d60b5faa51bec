/**
 * The interface's side of the queues (§B.6.3): messages the processor has announced, messages
 * waiting to be injected or for room in the receive queue, and early pulls by virtual polling;
 * then the messaging software's own counts, messages buffered in user memory among them.
 */
import type { CniFrame, CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';
import { AppCounters } from '../cni/AppCounters';

export function NiQueueStatus({ frame, node }: { frame: CniFrame; node: CniNodeView }) {
  const d = node.device;
  const outgoing = frame.network.inFlight.filter((m) => m.src === node.id).length;
  const incoming = frame.network.inFlight.filter((m) => m.dst === node.id).length;
  const items: [string, number][] = [
    ['announced by P (MSG_READY), not yet read', d.pendingCount],
    ['waiting to be injected', d.outbound.length],
    ['in the network, from here', outgoing],
    ['in the network, to here', incoming],
    ['arrived, waiting for room', d.backlog.length],
    ['early pulls due (virtual polling)', d.pulls.length],
  ];
  return (
    <>
      <dl className="cv-counters" aria-label={`Network interface of node ${node.id}`}>
        {items.map(([what, n]) => (
          <div key={what} className={n > 0 ? 'cv-nonzero' : undefined}>
            <dt>{what}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      <AppCounters node={node} />
    </>
  );
}
