/** The coherent-NI model's statistics in words (compare mode's differences). */
import type { StatLabels } from '../../../views/stats/stat-labels';

const TXN_WORDS: Record<string, string> = {
  RD: 'reads',
  RDX: 'reads to write',
  ITOM: 'whole-block ownership',
  INV: 'upgrades',
  WB: 'write-backs',
  UCR8: 'uncached reads',
  UCW8: 'uncached writes',
};

export const CNI_STAT_LABELS: StatLabels = {
  cycles: 'cycles run',
  ni: 'network interface',
  bus: 'bus the NI sits on',
  'messages.sent': 'messages sent',
  'messages.delivered': 'messages delivered',
  'messages.lost': 'messages lost',
  'messages.payloadBytes': 'payload bytes delivered',
  'userMessages.completed': 'user messages completed',
  'userMessages.meanLatency': 'user messages: mean latency (cycles)',
  roundTrip: 'round trip, median of the warm half (cycles)',
  bandwidth: 'bandwidth (not a stream)',
  'bandwidth.bytesPerCycle': 'bandwidth (bytes/cycle)',
  'bandwidth.ofLocalQueue': 'bandwidth, fraction of 144 MB/s',
  'nodes.*.id': null,
  'nodes.*.busyCycles': 'node {n} bus: busy cycles',
  'nodes.*.utilisation': 'node {n} bus: utilisation',
  ...Object.fromEntries(
    Object.entries(TXN_WORDS).map(([kind, words]) => [
      `nodes.*.transactions.${kind}`,
      `node {n} bus: ${kind} transactions (${words})`,
    ]),
  ),
  'nodes.*.nacks': 'node {n} bus: NACKs',
  'nodes.*.headRefreshes': 'node {n}: head refreshes (lazy pointers)',
  transactionsPerMessage: 'bus transactions per message',
  violations: 'invariant violations',
};
