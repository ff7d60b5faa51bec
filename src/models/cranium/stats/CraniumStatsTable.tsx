/**
 * The Cranium model's counters at the current cycle: per message its size, latency (command
 * store to notification), throughput and out-of-order pairs; packets placed, packets in the error
 * queues and interrupts raised.
 */
import type { CraniumStats } from '../../../../sim-core/ni/cranium/cranium-frame';
import { KeyValueTable } from '../../../views/stats/KeyValueTable';

export function CraniumMessagesTable({ stats }: { stats: CraniumStats }) {
  return (
    <table className="vt-table stats-table" data-testid="stats-cranium-messages">
      <caption>Messages</caption>
      <thead>
        <tr>
          <th scope="col">message</th>
          <th scope="col">bytes</th>
          <th scope="col">placed</th>
          <th scope="col">latency (cycles)</th>
          <th scope="col">throughput (B/cycle)</th>
          <th scope="col">out-of-order pairs</th>
          <th scope="col">notified at</th>
        </tr>
      </thead>
      <tbody>
        {stats.messages.length === 0 ? (
          <tr>
            <td colSpan={7}>No message has begun yet.</td>
          </tr>
        ) : (
          stats.messages.map((m) => (
            <tr key={m.id} data-testid={`stats-cranium-message-${m.id}`}>
              <th scope="row">
                {m.id}: node {m.src} → {m.dst}
                {m.queue ? ' (queue)' : ''}
                {m.fault !== 'none' ? ` (fault: ${m.fault})` : ''}
              </th>
              <td className="num">{m.bytes}</td>
              <td className="num">
                {m.placed} / {m.packets}
              </td>
              <td className="num">{m.latency >= 0 ? m.latency : '—'}</td>
              <td className="num">{m.latency > 0 ? m.throughput.toFixed(3) : '—'}</td>
              <td className="num">{m.outOfOrderPairs}</td>
              <td className="num">{m.notifiedAt >= 0 ? `cycle ${m.notifiedAt}` : '—'}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function CraniumCountersTable({ stats }: { stats: CraniumStats }) {
  const rows: [string, string][] = [
    ['packets placed', String(stats.packetsPlaced)],
    ['packets in the error and system queues', String(stats.toErrorQueues)],
    ['interrupts raised', String(stats.interrupts)],
  ];
  return (
    <KeyValueTable
      caption="Cranium NIs"
      rows={rows}
      className="vt-table stats-table"
      testId="stats-cranium"
    />
  );
}
