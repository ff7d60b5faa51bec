/** The EDT model's statistics in words (compare mode's differences). */
import type { StatLabels } from '../../views/stats/stat-labels';

const TXN_KINDS = ['RD', 'RDX', 'INV', 'WB', 'RETRY', 'DMARD', 'DMAWR', 'UCW8'];

export const EDT_STAT_LABELS: StatLabels = {
  cycles: 'cycles run',
  ni: 'network interface',
  'messages.total': 'messages',
  'messages.sent': 'messages sent by their NIs',
  'messages.delivered': 'messages received',
  'messages.stale': 'messages with stale bytes',
  'latency.oneWay': 'one-way latency, median of the warm half (cycles)',
  'latency.mean': 'one-way latency, mean (cycles)',
  'latency.last': 'one-way latency, last message (cycles)',
  perMessage: 'messages received, one by one',
  'perMessage.*.id': null,
  'perMessage.*.src': 'message {n}: sending host',
  'perMessage.*.bytes': 'message {n}: bytes',
  'perMessage.*.latency': 'message {n}: one-way latency (cycles)',
  'nodes.*.id': null,
  'nodes.*.busyCycles': 'host {n} bus: busy (cycles)',
  'nodes.*.utilisation': 'host {n} bus: utilisation',
  'nodes.*.transactions': 'host {n} bus: transactions',
  ...Object.fromEntries(
    TXN_KINDS.map((k) => [`nodes.*.transactions.${k}`, `host {n} bus: ${k} transactions`]),
  ),
  'nodes.*.sendTxnsPerBlock': 'host {n} bus: transactions per send-buffer block',
  dma: 'DMA engines',
  'dma.blocks': 'DMA: blocks moved',
  'dma.retries': 'DMA: RETRYs',
  'dma.busyCycles': 'DMA: busy (cycles)',
  violations: 'invariant violations',
};
