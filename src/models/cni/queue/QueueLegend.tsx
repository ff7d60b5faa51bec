/** How to read the rings: what a card, a badge, a cell and each arrow mean. */
import { MAX_CARD_SLOTS } from '../../../d3/queue-layout';
import type { QueueView } from '../../../../sim-core/ni/cni/cni-frame';

export function QueueLegend({ queues }: { queues: readonly QueueView[] }) {
  const cells = queues.filter((q) => q.slotCount > MAX_CARD_SLOTS);
  return (
    <ul className="cv-legend" aria-label="How to read the queue rings">
      <li>
        <span className="cv-key cv-key-occupied" aria-hidden="true" /> slot holding a message not
        yet taken
      </li>
      <li>
        <span className="cv-key cv-key-free" aria-hidden="true" /> free slot (may still hold an old
        message)
      </li>
      <li>badge = the block&apos;s state in each cache; v = valid word</li>
      <li>
        <span className="cv-swatch" aria-hidden="true" /> tail (sender)
      </li>
      <li>
        <span className="cv-swatch cv-swatch-head" aria-hidden="true" /> head (receiver)
      </li>
      <li>
        <span className="cv-swatch cv-swatch-shadow" aria-hidden="true" /> shadow head
        (sender&apos;s copy)
      </li>
      {cells.map((q) => (
        <li key={q.name}>
          {q.name}: outer half = {q.sender}&apos;s copy, inner half = {q.receiver}&apos;s copy of
          the slot&apos;s first block; dark tick = message waiting
        </li>
      ))}
    </ul>
  );
}
