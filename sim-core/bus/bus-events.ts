/** The bus model's events: what each processor, cache and the bus did in a cycle, and why. */
import type { SnoopingAction, SnoopingEvent } from '../memory/protocols/snooping-vocabulary';
import type { CommonEventBody } from '../trace/common-events';
import type { BusTxnKind, DataSource, SnoopOutcome } from './bus-types';

export type AccessOp = 'load' | 'store';

export type BusEventBody =
  | {
      kind: 'cpu.hit';
      proc: number;
      op: AccessOp;
      addr: number;
      block: number;
      value: number;
      /** State before and after: E→M on a store is MESI's silent upgrade. */
      from: string;
      state: string;
    }
  | { kind: 'cpu.miss'; proc: number; op: AccessOp; addr: number; block: number; state: string }
  | { kind: 'cpu.perform'; proc: number; op: AccessOp; addr: number; value: number; waited: number }
  | { kind: 'cpu.compute'; proc: number; cycles: number }
  | {
      kind: 'cpu.spin';
      proc: number;
      addr: number;
      until: number;
      seen: number;
      satisfied: boolean;
    }
  | { kind: 'cpu.done'; proc: number }
  | {
      kind: 'coh.transition';
      cache: number;
      block: number;
      from: string;
      to: string;
      event: SnoopingEvent;
      actions: readonly SnoopingAction[];
      /** The bus transaction that caused a snoop or grant transition, if any. */
      txn: number | null;
    }
  | { kind: 'cache.evict'; cache: number; block: number; state: string; dirty: boolean }
  | { kind: 'bus.request'; cache: number; block: number; purpose: 'miss' | 'upgrade' | 'writeback' }
  | { kind: 'bus.drop'; cache: number; block: number; reason: string }
  | {
      kind: 'bus.grant';
      txn: number;
      txnKind: BusTxnKind;
      requester: number;
      block: number;
      cost: number;
      endsAt: number;
      source: DataSource;
      shared: boolean;
      snoops: SnoopOutcome[];
      memoryUpdated: boolean;
    }
  | { kind: 'bus.done'; txn: number; txnKind: BusTxnKind; requester: number; block: number };

/** Everything a bus-model run emits. */
export type BusModelEvent = BusEventBody | CommonEventBody;
