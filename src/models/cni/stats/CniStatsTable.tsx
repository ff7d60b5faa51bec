/** The coherent-NI model's counters at the current cycle: messages, latency, bandwidth, cost. */
import type { CniStats } from '../../../../sim-core/ni/cni/cni-frame';
import { BUS_NAMES } from '../../../../sim-core/ni/cni/config';
import { KeyValueTable } from '../../../views/stats/KeyValueTable';
import { percent } from '../../../views/stats/format';

/** The paper's processors run at 200 MHz: bytes per cycle × 200 = MB/s (Fig. 7's base is 144). */
const MHZ = 200;

const fixed = (n: number | null, digits = 1) => (n === null ? '—' : n.toFixed(digits));

export function CniStatsTable({ stats }: { stats: CniStats }) {
  const m = stats.messages;
  const bw = stats.bandwidth;
  const rows: [string, string][] = [
    ['network interface', `${stats.ni} on the ${BUS_NAMES[stats.bus]}`],
    ['network messages sent / delivered / lost', `${m.sent} / ${m.delivered} / ${m.lost}`],
    ['payload delivered', `${m.payloadBytes} B`],
    [
      'user messages complete (mean latency, cycles)',
      `${stats.userMessages.completed} (${fixed(stats.userMessages.meanLatency)})`,
    ],
    ['round trip (median of the warm rounds, cycles)', fixed(stats.roundTrip)],
    [
      'bandwidth',
      bw
        ? `${bw.bytesPerCycle.toFixed(3)} B/cycle = ${(bw.bytesPerCycle * MHZ).toFixed(0)} MB/s, ${percent(bw.ofLocalQueue)} of 144 MB/s`
        : '— (streams only)',
    ],
    ['bus transactions per message', m.delivered ? stats.transactionsPerMessage.toFixed(2) : '—'],
    ['invariant violations', String(stats.violations)],
  ];
  return (
    <KeyValueTable
      caption="Messages"
      rows={rows}
      className="vt-table stats-table cni-stats"
      testId="stats-cni"
    />
  );
}
