/**
 * FUGU's events (round2-spec §B3.2 "What is an event"): what the UDM NI, the processor, the OS and
 * the scheduler did, and why. Views animate these; the phase ledger (`phase`) carries the costs.
 */
import type { PhaseEventBody } from '../../ledger/phase-events';
import type { DeliveryMode } from '../../os/process-table';
import type { SwitchReason } from '../../os/context-switch';
import type { CommonEventBody } from '../../trace/common-events';
import type { DispatchRow } from './dispatch-rule';
import type { UacBit } from './fugu-state';

export type FuguInterrupt =
  | 'message-available'
  | 'mismatch-available'
  | 'atomicity-timeout'
  | 'atomicity-extend'
  | 'dispose-extend'
  | 'dispose-failure'
  | 'bad-dispose'
  | 'protection-violation'
  | 'page-fault';

export type ModeTrigger =
  | 'mismatch'
  | 'atomicity timeout'
  | 'page fault'
  | 'DMA page crossing'
  | 'quantum expiry'
  | 'buffer-always'
  | 'buffer empty';

export type FuguEventBody =
  | {
      kind: 'fugu.send';
      node: number;
      pid: number;
      msg: number;
      what: 'describe' | 'blocked' | 'launch' | 'rollback';
      words: number;
      gid: number;
      dst: number;
    }
  | { kind: 'fugu.arrive'; node: number; msg: number; gid: number; queue: number }
  | {
      kind: 'fugu.dispatch';
      node: number;
      msg: number;
      gid: number;
      row: DispatchRow['id'];
      why: string;
    }
  | { kind: 'fugu.intr'; node: number; what: FuguInterrupt; msg: number; pid: number; why: string }
  | { kind: 'fugu.uac'; node: number; bit: UacBit; value: boolean; by: string }
  | {
      kind: 'fugu.timer';
      node: number;
      what: 'enabled' | 'disabled' | 'preset' | 'expired';
      counter: number;
    }
  | {
      kind: 'fugu.mode';
      node: number;
      pid: number;
      gid: number;
      from: DeliveryMode;
      to: DeliveryMode;
      sub: 'deferred' | 'handling' | null;
      trigger: ModeTrigger;
    }
  | {
      kind: 'fugu.buffer';
      node: number;
      pid: number;
      msg: number;
      op: 'insert' | 'extract' | 'page-free-list' | 'page-vmalloc' | 'page-freed';
      pages: number;
      count: number;
    }
  | {
      kind: 'fugu.overflow';
      node: number;
      gid: number;
      what: 'threshold' | 'stop-sent' | 'stop' | 'empty' | 'resume-sent' | 'resume';
      pages: number;
      threshold: number;
      /** The node a ring frame goes to (or the coordinator an empty report goes to); −1 none. */
      peer: number;
    }
  | {
      kind: 'fugu.sched';
      node: number;
      from: number | null;
      to: number | null;
      gid: number;
      divert: boolean;
      why: SwitchReason;
    }
  | {
      kind: 'fugu.handler';
      node: number;
      pid: number;
      msg: number;
      what: 'start' | 'end' | 'rollback';
      how: 'fast upcall' | 'poll' | 'buffered' | 'cross-domain';
    }
  | { kind: 'fugu.finish'; node: number; pid: number; gid: number };

/** Everything a FUGU run emits. */
export type FuguModelEvent = FuguEventBody | PhaseEventBody | CommonEventBody;
