/** What never changes in an EDT run: the machine, the NI and its table, the layout, the costs. */
import type { SnoopingProtocol } from '../../memory/protocols/snooping-vocabulary';
import type { BusCostTable } from '../../node/bus/costs';
import type { DmaCosts } from '../../node/dma/dma-engine';
import type { EdtConfig, EdtWorkload } from './edt-config';
import type { EdtNiProtocol, ReceiveMode } from './edt-protocol';
import type { RegionName, TagEntry } from './layout';
import type { EdtNiName } from './ni-kinds';

export interface EdtMeta {
  model: 'edt';
  /** Hosts: two, a sender and a receiver (the log names agents with their host). */
  nodes: number;
  ni: EdtNiName;
  niLabel: string;
  mechanism: 'eager' | 'dma';
  receiveMode: ReceiveMode;
  assertShared: boolean;
  blockBytes: number;
  wordBytes: number;
  mtu: number;
  /** The host's cache protocol (MESI [002 L175]) and the EDT NI's block table. */
  protocol: SnoopingProtocol;
  niProtocol: EdtNiProtocol;
  tags: TagEntry[];
  blocks: { id: number; name: string; region: RegionName; hostAddr: number; niAddr: number }[];
  /** Bus occupancy of each transaction in host cycles, and the DMA engine's costs. */
  costTable: BusCostTable;
  dma: DmaCosts;
  /** δ_fetch in host cycles. */
  fetchDelay: number;
  costs: Pick<EdtConfig, 'bus' | 'host' | 'niCosts' | 'dma'>;
  workload: EdtWorkload;
}
