/** FLASH's events (round2-spec §B2.2 "What is an event"): each says what happened and why. */
import type { PhaseEventBody } from '../../ledger/phase-events';
import type { CommonEventBody } from '../../trace/common-events';
import type { DirectoryEvent, DirectoryState } from './directory';
import type { HandlerName } from './handlers';
import type { AddressSpace, InQueue, MsgType, TransferStatus } from './flash-state';

export type FlashEventBody =
  | {
      kind: 'flash.cmd';
      node: number;
      pid: number;
      op: 'write' | 'shadow' | 'commit' | 'ack' | 'nack' | 'switch' | 'retry';
      field: string;
      transfer: number;
    }
  | { kind: 'flash.arrive'; node: number; queue: InQueue; type: MsgType; from: number; msg: number }
  | {
      kind: 'flash.dispatch';
      node: number;
      queue: InQueue;
      type: MsgType | 'swq';
      space: AddressSpace;
      handler: HandlerName;
      transfer: number;
      msg: number;
    }
  | {
      kind: 'flash.handler';
      node: number;
      handler: HandlerName;
      op: 'start' | 'stall' | 'resume' | 'end';
      /** PP cycles this invocation has held the processor so far. */
      busy: number;
      what: string;
      transfer: number;
    }
  | {
      kind: 'flash.mem';
      node: number;
      op: 'read' | 'write';
      line: number;
      issue: number;
      first: number;
      last: number;
    }
  | {
      kind: 'flash.cache';
      node: number;
      op: 'get' | 'invalidate';
      line: number;
      from: string;
      to: string;
      state: number;
      first: number;
      last: number;
    }
  | {
      kind: 'flash.send';
      node: number;
      to: number;
      type: MsgType;
      transfer: number;
      /** The component's sequence number (a get's line), or −1. */
      component: number;
      lane: 0 | 1;
      msg: number;
      bytes: number;
    }
  | { kind: 'flash.recvLine'; node: number; transfer: number; component: number; line: number }
  | {
      kind: 'flash.swq';
      node: number;
      transfer: number;
      op: 'schedule' | 'reschedule';
      handler: HandlerName;
      waiting: number;
    }
  | {
      kind: 'flash.dir';
      node: number;
      line: number;
      event: DirectoryEvent;
      from: DirectoryState;
      to: DirectoryState;
    }
  | { kind: 'flash.credit'; node: number; transfer: number; op: 'post' | 'arrive'; bytes: number }
  | {
      kind: 'flash.xlate';
      node: number;
      transfer: number;
      page: number;
      op:
        | 'add'
        | 'remove'
        | 'invalidate'
        | 'fault'
        | 'resume'
        | 'remap'
        | 'defer'
        | 'hold'
        | 'release';
      holdOff: number;
    }
  | { kind: 'flash.transfer'; transfer: number; status: TransferStatus; node: number }
  /** A handler spins on a full output queue: the PP serves nothing else (the naive handler). */
  | { kind: 'flash.spin'; node: number; handler: HandlerName; transfer: number };

export type FlashModelEvent = FlashEventBody | PhaseEventBody | CommonEventBody;
