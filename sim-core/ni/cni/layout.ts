/**
 * Where every coherent block of a node lives and what it is called: the CDRs of CNI4, the send
 * and receive cachable queues of the queue CNIs (slots of four blocks, head and tail pointers in
 * blocks of their own, §B.3.1), or the local queue between two processors (Fig. 2).
 */
import type { CniConfig } from './cni-config';
import { CNI_GEOMETRY, NI_KINDS, SLOT_BLOCKS, blocksFor } from './config';
import type { AgentName } from './cni-state';

export interface QueueLayout {
  name: string;
  base: number;
  slots: number;
  slotBlocks: number;
  head: number;
  tail: number;
  home: 'device' | 'memory';
  sender: AgentName;
  receiver: AgentName;
}

export interface BlockInfo {
  id: number;
  name: string;
  home: 'device' | 'memory';
}

export interface Layout {
  blocks: BlockInfo[];
  queues: Record<string, QueueLayout>;
  txCdr: number[];
  rxCdr: number[];
}

export function layoutOf(cfg: CniConfig): Layout {
  const blocks: BlockInfo[] = [];
  const add = (name: string, home: 'device' | 'memory') => {
    blocks.push({ id: blocks.length, name, home });
    return blocks.length - 1;
  };
  const queues: Record<string, QueueLayout> = {};
  const queue = (
    name: string,
    slots: number,
    slotBlocks: number,
    home: 'device' | 'memory',
    sender: AgentName,
    receiver: AgentName,
  ) => {
    const base = blocks.length;
    for (let s = 0; s < slots; s++)
      for (let b = 0; b < slotBlocks; b++) add(`${name}[${s}].${b}`, home);
    const head = add(`${name}.head`, home);
    const tail = add(`${name}.tail`, home);
    queues[name] = { name, base, slots, slotBlocks, head, tail, home, sender, receiver };
  };
  const txCdr: number[] = [];
  const rxCdr: number[] = [];
  const w = cfg.workload;
  if (w.kind === 'local-queue') {
    queue('q', w.slots, blocksFor(CNI_GEOMETRY, w.bytes), 'memory', 'P', 'P1');
    return { blocks, queues, txCdr, rxCdr };
  }
  const ni = NI_KINDS[cfg.ni];
  if (ni.mechanism === 'cdr') {
    for (let k = 0; k < SLOT_BLOCKS; k++) txCdr.push(add(`txCDR[${k}]`, 'device'));
    for (let k = 0; k < SLOT_BLOCKS; k++) rxCdr.push(add(`rxCDR[${k}]`, 'device'));
  }
  if (ni.mechanism === 'queue') {
    // CNI16Qm buffers in memory only at the receiver; its send queue is CNI16Q's (digest §H.5).
    const sendBlocks = ni.receiveHome === 'memory' ? ni.deviceCacheBlocks : ni.queueBlocks;
    queue('sq', sendBlocks / SLOT_BLOCKS, SLOT_BLOCKS, 'device', 'P', 'NI');
    queue('rq', ni.queueBlocks / SLOT_BLOCKS, SLOT_BLOCKS, ni.receiveHome, 'NI', 'P');
  }
  return { blocks, queues, txCdr, rxCdr };
}

export const slotBlock = (q: QueueLayout, slot: number, part: number) =>
  q.base + slot * q.slotBlocks + part;
