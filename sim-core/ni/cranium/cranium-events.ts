/** The Cranium model's events: what each processor, NI channel, queue and DMA did, and why. */
import type { NetworkModelEvent } from '../../network/network-events';
import type { FlowState, BarrierState } from './cranium-state';

export type CraniumEventBody =
  | { kind: 'cr.cpu'; node: number; pc: number; text: string; cycles: number }
  | {
      kind: 'cr.notify';
      node: number;
      what: 'send' | 'recv' | 'queue' | 'barrier';
      channel: number;
      text: string;
    }
  | {
      kind: 'cr.command';
      node: number;
      dir: 'send' | 'recv';
      channel: number;
      result: 'accepted' | 'ignored' | 'reset';
      packets: number;
      warm: boolean;
      why: string;
    }
  | {
      kind: 'cr.lookup';
      node: number;
      dir: 'send' | 'recv';
      channel: number;
      result: 'start' | 'done' | 'nil';
      why: string;
    }
  | {
      kind: 'cr.dma';
      node: number;
      packet: number;
      msg: number;
      sequence: number;
      channel: number;
      /** Its network packet id once in the outbox (−1 while it is being read). */
      netPacket: number;
      stage: 'read' | 'outbox' | 'abandoned';
      why: string;
    }
  | {
      kind: 'cr.arrive';
      node: number;
      packet: number;
      /** The same packet's id in the network (net.* events). */
      netPacket: number;
      msg: number;
      sequence: number;
      inbox: number;
    }
  | { kind: 'cr.dispatch'; node: number; packet: number; to: string; why: string }
  | {
      kind: 'cr.place';
      node: number;
      packet: number;
      msg: number;
      sequence: number;
      where: string;
      /** For auto-receive: packets still to come after this one; −1 for a queue. */
      remaining: number;
      outOfOrder: boolean;
    }
  | {
      kind: 'cr.channel';
      node: number;
      dir: 'send' | 'recv';
      channel: number;
      remaining: number;
      done: boolean;
    }
  | {
      kind: 'cr.queue';
      node: number;
      queue: string;
      op: 'advance' | 'overflow' | 'underflow' | 'overwrite';
      head: number;
      tail: number;
    }
  | {
      kind: 'cr.interrupt';
      node: number;
      type: 'send' | 'auto' | 'queue' | 'misc';
      code: number;
      channel: number;
      text: string;
    }
  | { kind: 'cr.flow'; node: number; from: FlowState; to: FlowState; why: string }
  | { kind: 'cr.cache'; node: number; line: string; from: string; to: string; why: string }
  | { kind: 'cr.barrier'; node: number; from: BarrierState; to: BarrierState; why: string };

/** NII_error_mask codes (Fig. A.6; digest §C.12). */
export const ERROR_CODES: Record<number, string> = {
  1: 'channel busy on a non-reset command',
  2: 'packet for an inactive auto-receive channel',
  3: 'auto-channel protocol error (remote node or channel mismatch)',
  4: 'NIL handle',
  5: 'user queue overflow',
  6: 'user queue underflow',
  7: 'illegal barrier operation',
};

/** Everything a Cranium run emits: its own events and its torus's. */
export type CraniumModelEvent = CraniumEventBody | NetworkModelEvent;
