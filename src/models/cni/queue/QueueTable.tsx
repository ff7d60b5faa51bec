/** The ring as a table, for screen readers (and on request for everyone): one row per slot. */
import type { KeyboardEvent } from 'react';
import type { QueueView } from '../../../../sim-core/ni/cni/cni-frame';
import { contentText, occupancyText, slotOccupied, statesText } from '../../../d3/cni-text';

function pointersAt(q: QueueView, slot: number): string {
  return [
    q.tail === slot ? `tail (sense ${q.senderSense})` : '',
    q.head === slot ? `head (sense ${q.receiverSense})` : '',
    q.shadowHead === slot ? `shadow head (sense ${q.shadowSense})` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function QueueTable({
  queue: q,
  visible,
  selected,
  onSlot,
}: {
  queue: QueueView;
  visible: boolean;
  /** The selected slot (its event-log rows are marked); a row selects its slot. */
  selected: number | null;
  onSlot: (slot: number) => void;
}) {
  return (
    <table
      className={visible ? 'vt-table cv-queue-table' : 'vt-table cv-queue-table vg-sr-only'}
      data-testid={`queue-table-${q.name}`}
    >
      <caption>
        Queue {q.name}, {q.sender} to {q.receiver}: {occupancyText(q)}; head {q.head}, tail {q.tail}
      </caption>
      <thead>
        <tr>
          <th scope="col">slot</th>
          <th scope="col">status</th>
          <th scope="col">message</th>
          <th scope="col">valid word</th>
          <th scope="col">blocks (state in each cache)</th>
          <th scope="col">pointers</th>
        </tr>
      </thead>
      <tbody>
        {q.slots.map((blocks, i) => {
          const first = blocks[0]!;
          return (
            <tr
              key={i}
              className={selected === i ? 'selected' : undefined}
              tabIndex={visible ? 0 : -1}
              aria-selected={selected === i}
              onClick={() => onSlot(i)}
              onKeyDown={(e: KeyboardEvent<HTMLElement>) => {
                if (e.key !== 'Enter' && e.key !== ' ') return;
                // Keep Space from also reaching the global play/pause shortcut.
                e.preventDefault();
                e.stopPropagation();
                onSlot(i);
              }}
              data-testid={`queue-row-${q.name}-${i}`}
            >
              <th scope="row">{i}</th>
              <td>{slotOccupied(q, i) ? 'message waiting' : 'free'}</td>
              <td>{contentText(first)}</td>
              <td className="num">{first.valid}</td>
              <td>{blocks.map((b) => `${b.name} ${statesText(b)}`).join('; ')}</td>
              <td>{pointersAt(q, i)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
