/**
 * The processor's side of a node's messaging (§B.7): user messages still to send, messages still
 * expected, and network messages software took out of the NI into user memory while a send was
 * blocked (software flow control; CNI16Qm overflows into memory by itself instead).
 */
import type { CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';

const ITEMS: { key: keyof CniNodeView['app']; label: string; tip: string }[] = [
  {
    key: 'toSend',
    label: 'user messages still to send',
    tip: 'Messages the program has not yet handed to the messaging layer.',
  },
  {
    key: 'expect',
    label: 'messages still expected',
    tip: 'Messages this node has yet to receive before its program is done.',
  },
  {
    key: 'buffered',
    label: 'buffered in user memory',
    tip: 'Software flow control: while a send was blocked, the messaging layer took these received messages out of the NI into user memory, so the network cannot back up into a deadlock.',
  },
];

export function AppCounters({ node }: { node: CniNodeView }) {
  return (
    <dl
      className="cv-counters cv-app"
      aria-label={`Messaging software of node ${node.id}`}
      data-testid={`app-counters-${node.id}`}
    >
      {ITEMS.map(({ key, label, tip }) => (
        <div
          key={key}
          className={node.app[key] > 0 ? 'cv-nonzero' : undefined}
          title={tip}
          data-testid={`app-${key}`}
        >
          <dt>
            {label}
            <span className="vg-sr-only"> ({tip})</span>
          </dt>
          <dd>{node.app[key]}</dd>
        </div>
      ))}
    </dl>
  );
}
