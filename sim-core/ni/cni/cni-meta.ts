/** What never changes during a coherent-NI run: the NI kind, bus, protocol, costs and layout. */
import type { SnoopingProtocol } from '../../memory/protocols/snooping-vocabulary';
import type { CniConfig } from './cni-config';
import type { NiKind } from './config';
import type { BlockInfo, QueueLayout } from './layout';

export interface CniMeta {
  model: 'cni';
  nodes: number;
  ni: NiKind;
  bus: CniConfig['bus'];
  protocol: SnoopingProtocol;
  costs: Record<string, number>;
  blocks: BlockInfo[];
  queues: QueueLayout[];
  workload: CniConfig['workload'];
}
