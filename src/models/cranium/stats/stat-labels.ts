/** The Cranium model's statistics in words (compare mode's differences). */
import { nested, NETWORK_STAT_LABELS, type StatLabels } from '../../../views/stats/stat-labels';

export const CRANIUM_STAT_LABELS: StatLabels = {
  cycles: 'cycles run',
  'messages.*.id': null,
  'messages.*.src': 'message {n}: source node',
  'messages.*.dst': 'message {n}: destination node',
  'messages.*.channel': 'message {n}: channel',
  'messages.*.packets': 'message {n}: packets',
  'messages.*.queue': 'message {n}: to a queue',
  'messages.*.fault': 'message {n}: fault injected',
  'messages.*.commandAt': 'message {n}: send command at cycle',
  'messages.*.sentAll': 'message {n}: last packet sent at cycle',
  'messages.*.arrivals': 'message {n}: packets arrived',
  'messages.*.arrivals.*': 'message {n}: arrival {n}, sequence number',
  'messages.*.placed': 'message {n}: packets placed',
  'messages.*.completedAt': 'message {n}: completed at cycle',
  'messages.*.notifiedAt': 'message {n}: receiver told at cycle',
  'messages.*.receiver': 'message {n}: receiving node',
  'messages.*.bytes': 'message {n}: bytes',
  'messages.*.latency': 'message {n}: latency (cycles)',
  'messages.*.throughput': 'message {n}: throughput (bytes/cycle)',
  'messages.*.outOfOrderPairs': 'message {n}: packet pairs out of order',
  packetsPlaced: 'packets placed',
  toErrorQueues: 'packets sent to the error queues',
  interrupts: 'interrupts raised',
  ...nested('network', NETWORK_STAT_LABELS, 'torus'),
};
