/**
 * The processor side of a Cranium node: the API of §C.15 as program instructions (digest §C.15,
 * §C.16). Each costs what the thesis charges: 10 cycles per register access, 13 per status poll
 * (load, test and branch), cache hits and misses for the queue's presence flag.
 */
import type { QueueName } from './queue-names';

/** How a program names a queue's head-advance register (Fig. A.9; the system queues are the OS's). */
const ADVANCE_REGISTER: Record<QueueName, string> = {
  user: 'NIR_user_queue[1]',
  userError: 'NIR_error_queue[1]',
  system: 'OS: advance the system queue',
  systemError: 'OS: advance the system error queue',
};

export const QUEUE_WORDS: Record<QueueName, string> = {
  systemError: 'system error',
  system: 'system',
  user: 'user',
  userError: 'user error',
};

export type CraniumInstruction =
  | { op: 'compute'; cycles: number }
  | {
      op: 'send';
      channel: number;
      /** Linear id of the destination node (translated through the node map). */
      to: number;
      /** NIC_remote_channel: the receive channel at the destination (NIH_dest_chan). */
      remoteChannel: number;
      buffer: number;
      packets: number;
      start: number;
      /** NIC_queue_flag: steer to the receiver's user queue. */
      queue: boolean;
      /** NIC_chan_intr_mask: bits 0–1 → the header's intr_every / intr_final; bit 2 send complete. */
      intr: number;
      /** PRR's priority bit. */
      priority: boolean;
      /** Fault injection for lectures: a corrupted destination field or redundancy code. */
      fault: 'none' | 'dest' | 'crc';
    }
  | {
      op: 'recv';
      channel: number;
      /** Linear id of the expected source node. */
      from: number;
      /** The source's send channel. */
      remoteChannel: number;
      buffer: number;
      packets: number;
      /** The auto-receive interrupt mask (Table A.2). */
      intr: number;
    }
  | { op: 'reset'; dir: 'send' | 'recv'; channel: number }
  | { op: 'waitSend'; channel: number }
  | { op: 'waitRecv'; channel: number }
  /** Poll a queue's presence flag at its head, read the entry, clear the flag and advance. */
  | { op: 'pollQueue'; count: number; queue: QueueName }
  | { op: 'advanceQueue'; queue: QueueName }
  /** Write NIR_barrier: 1 enters the barrier, 0 abstains (Table A.3). */
  | { op: 'barrier'; value: 0 | 1 }
  | { op: 'load'; buffer: number; line: number }
  | { op: 'store'; buffer: number; line: number }
  | { op: 'thaw' }
  /** The OS writes NIO_flow_control (§C.11): FLUSH delivers but does not inject; FREEZE neither. */
  | { op: 'flow'; state: 'NORMAL' | 'FLUSH' | 'FREEZE' };

export type CraniumProgram = CraniumInstruction[];

/** The instructions that store a command in a channel register (digest §C.3). */
export type ChannelCommand = Extract<CraniumInstruction, { op: 'send' | 'recv' | 'reset' }>;

/** One line of C-like pseudocode per instruction, for the program listing. */
export function instructionText(i: CraniumInstruction): string {
  switch (i.op) {
    case 'compute':
      return `compute(${i.cycles})`;
    case 'send':
      return `NIR_send_channel[${i.channel}] = {node ${i.to} ch ${i.remoteChannel}, handle ${i.buffer}, ${i.packets} pkt${i.start ? ` from ${i.start}` : ''}${i.queue ? ', queue' : ''}${i.priority ? ', priority' : ''}${i.fault !== 'none' ? `, fault: ${i.fault}` : ''}}`;
    case 'recv':
      return `NIR_recv_channel[${i.channel}] = {from node ${i.from} ch ${i.remoteChannel}, handle ${i.buffer}, ${i.packets} pkt}`;
    case 'reset':
      return `NIR_${i.dir}_channel[${i.channel}] = {reset}`;
    case 'waitSend':
      return `while (NIR_send_channel[${i.channel}] != 0) ;`;
    case 'waitRecv':
      return `while (NIR_recv_channel[${i.channel}] != 0) ;`;
    case 'pollQueue':
      return `receive ${i.count} from the ${QUEUE_WORDS[i.queue]} queue (poll NIP_flag, clear, advance)`;
    case 'advanceQueue':
      return `${ADVANCE_REGISTER[i.queue]}  // advance the head`;
    case 'barrier':
      return i.value === 1 ? 'barrier_synch()' : 'NIR_barrier = 0  // abstain';
    case 'load':
      return `load buffer ${i.buffer} line ${i.line}`;
    case 'store':
      return `store buffer ${i.buffer} line ${i.line}`;
    case 'thaw':
      return 'NIO_flow_control = NORMAL  // OS';
    case 'flow':
      return `NIO_flow_control = ${i.state}  // OS`;
  }
}
