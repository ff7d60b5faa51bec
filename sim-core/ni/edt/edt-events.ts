/**
 * The EDT model's events (round2-spec §B1.2 "What is an event"): what each host's bus carried and
 * why (edt.access, edt.txn, edt.coh from the bus-node kit), the EDT NI's TAG matches, status
 * changes and snoop-triggered fetches, VIA's steps, messages, and what a counterfactual breaks.
 */
import type { SnoopingAction, SnoopingEvent } from '../../memory/protocols/snooping-vocabulary';
import type { BusTxnKind } from '../../node/bus/bus-state';
import type { DmaEventBody } from '../../node/dma/dma-events';
import type { PhaseEventBody } from '../../ledger/phase-events';
import type { CommonEventBody } from '../../trace/common-events';
import type { EdtNiAction, EdtNiEvent } from './edt-protocol';

export type AgentName = 'P' | 'NI' | 'CC' | 'DMA';

/** VIA's steps (Fig. 2 of the paper) [002 L64-66]. */
export const VIA_STEPS = [
  'Send1',
  'Send2',
  'Send3',
  'Send4',
  'Send5',
  'Send6',
  'Send7',
  'Recv1',
  'Recv2',
  'Recv3',
  'Recv4',
  'Recv5',
  'Recv6',
  'Recv7',
] as const;
export type ViaStep = (typeof VIA_STEPS)[number];

export type EdtEventBody =
  | {
      kind: 'edt.access';
      node: number;
      agent: AgentName;
      op: 'load' | 'store';
      target: string;
      hit: boolean;
      state: string;
      why: string;
    }
  | {
      kind: 'edt.txn';
      node: number;
      txn: number;
      txnKind: BusTxnKind;
      agent: AgentName;
      target: string;
      source: string;
      cycles: number;
      why: string;
    }
  | {
      kind: 'edt.coh';
      node: number;
      agent: AgentName;
      target: string;
      from: string;
      to: string;
      event: SnoopingEvent;
      actions: readonly SnoopingAction[];
      txn: number | null;
    }
  /** A snooped or own transaction on a registered block matched a TAG entry. */
  | {
      kind: 'edt.tag';
      node: number;
      entry: number;
      region: string;
      target: string;
      hostAddr: number;
      niAddr: number;
      txn: number;
      txnKind: BusTxnKind;
      by: AgentName;
    }
  /** An NI block's status changed (or a cell fired without changing it), through the table. */
  | {
      kind: 'edt.st';
      node: number;
      target: string;
      from: string;
      to: string;
      event: EdtNiEvent;
      actions: readonly EdtNiAction[];
      why: string;
    }
  | {
      kind: 'edt.fetch';
      node: number;
      target: string;
      stage: 'scheduled' | 'issued' | 'done';
      /** Scheduled: the cycle the read becomes due; done: who supplied the data. */
      at: number;
      source: string;
      why: string;
    }
  | { kind: 'via.step'; node: number; step: ViaStep; actor: AgentName; msg: number; what: string }
  | {
      kind: 'edt.msg';
      node: number;
      msg: number;
      phase: 'post' | 'start' | 'send' | 'arrive' | 'complete';
      src: number;
      dst: number;
      bytes: number;
      latency: number | null;
    }
  /** A counterfactual's consequence: stale bytes reach a reader, or a rule it exists to break. */
  | {
      kind: 'edt.stale';
      node: number;
      msg: number;
      target: string;
      where: 'receiver' | 'ni' | 'host';
      detail: string;
    };

/** Everything an EDT run emits. */
export type EdtModelEvent = EdtEventBody | DmaEventBody | PhaseEventBody | CommonEventBody;
