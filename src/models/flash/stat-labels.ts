/** The FLASH model's statistics in words (compare mode's differences). */
import type { StatLabels } from '../../views/stats/stat-labels';

export const FLASH_STAT_LABELS: StatLabels = {
  model: null,
  cycles: 'cycles run',
  'transfers.*.id': null,
  'transfers.*.from': 'transfer {n}: sending node',
  'transfers.*.to': 'transfer {n}: receiving node',
  'transfers.*.bytes': 'transfer {n}: bytes',
  'transfers.*.lines': 'transfer {n}: lines',
  'transfers.*.status': 'transfer {n}: status',
  'transfers.*.cycles': 'transfer {n}: cycles, command to clean-up',
  'transfers.*.perLine': 'transfer {n}: cycles a line',
  'transfers.*.table1': 'transfer {n}: Table 1 times',
  'transfers.*.table1.initiation': 'transfer {n}: Table 1 initiation (cycles)',
  'transfers.*.table1.setup': 'transfer {n}: Table 1 set-up (cycles)',
  'transfers.*.table1.initialLine': 'transfer {n}: Table 1 initial line delay (cycles)',
  'transfers.*.table1.transfer': 'transfer {n}: Table 1 transfer (cycles)',
  'transfers.*.table1.network': 'transfer {n}: Table 1 network (cycles)',
  'transfers.*.table1.cleanup': 'transfer {n}: Table 1 clean-up (cycles)',
  'transfers.*.table1.fixed': 'transfer {n}: Table 1 fixed cost (cycles)',
  'nodes.*.id': null,
  'nodes.*.ppBusy': 'node {n}: protocol processor busy (cycles)',
  'nodes.*.handlers': 'node {n}: handlers run',
  networkMessages: 'network messages',
};
