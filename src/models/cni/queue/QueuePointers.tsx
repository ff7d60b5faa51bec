/**
 * The queue's pointers as the blocks that hold them (§B.3.1: head and tail live in blocks of
 * their own): the sender's tail with its sense, the receiver's head with its sense, and the
 * sender's private shadow head. Line swatches match the arrows of the ring.
 */
import type { QueueView } from '../../../../sim-core/ni/cni/cni-frame';
import { AgentBadges } from '../cni/AgentBadges';

export function QueuePointers({ queue: q, active }: { queue: QueueView; active: string | null }) {
  return (
    <dl className="cv-pointers">
      <div className={active === q.tailBlock.name ? 'cv-active' : undefined}>
        <dt>
          <span className="cv-swatch" aria-hidden="true" /> tail = {q.tail}, sense {q.senderSense}
        </dt>
        <dd>{q.sender}&apos;s pointer: the next free slot</dd>
        <dd>
          block {q.tailBlock.name} <AgentBadges block={q.tailBlock} />
        </dd>
      </div>
      <div className={active === q.headBlock.name ? 'cv-active' : undefined}>
        <dt>
          <span className="cv-swatch cv-swatch-head" aria-hidden="true" /> head = {q.head}, sense{' '}
          {q.receiverSense}
        </dt>
        <dd>{q.receiver}&apos;s pointer: the next message to take</dd>
        <dd>
          block {q.headBlock.name} <AgentBadges block={q.headBlock} />
        </dd>
      </div>
      <div>
        <dt>
          <span className="cv-swatch cv-swatch-shadow" aria-hidden="true" /> shadow head ={' '}
          {q.shadowHead}, sense {q.shadowSense}
        </dt>
        <dd>{q.sender}&apos;s lazy copy of head, in its own memory</dd>
        <dd>refreshed {q.refreshes}× (each a read of the head block)</dd>
      </div>
    </dl>
  );
}
