/** The coherent-NI model's events: what happened on each node's bus, in its agents and NI. */
import type { SnoopingAction, SnoopingEvent } from '../../memory/protocols/snooping-vocabulary';
import type { CommonEventBody } from '../../trace/common-events';
import type { AgentName, CniTxnKind } from './cni-state';

export type CniMessagePhase =
  'send' | 'blocked' | 'inject' | 'arrive' | 'accept' | 'receive' | 'buffer' | 'complete' | 'ack';

export type CniEventBody =
  | {
      kind: 'cni.access';
      node: number;
      agent: AgentName;
      op: 'load' | 'store';
      target: string;
      hit: boolean;
      state: string;
      why: string;
    }
  | {
      kind: 'cni.txn';
      node: number;
      txn: number;
      txnKind: CniTxnKind;
      agent: AgentName;
      target: string;
      source: string;
      cycles: number;
      posted: boolean;
      why: string;
    }
  | {
      kind: 'cni.coh';
      node: number;
      agent: AgentName;
      target: string;
      from: string;
      to: string;
      event: SnoopingEvent;
      actions: readonly SnoopingAction[];
      txn: number | null;
    }
  | { kind: 'cni.nack'; node: number; agent: AgentName; target: string }
  | {
      kind: 'cni.msg';
      phase: CniMessagePhase;
      node: number;
      /** Who acted: the sending or receiving processor (P1 on a local queue's far side), or the NI. */
      agent: AgentName;
      msg: number;
      user: number;
      src: number;
      dst: number;
      bytes: number;
      latency: number | null;
    }
  | {
      kind: 'cni.pointer';
      node: number;
      queue: string;
      agent: AgentName;
      pointer: 'head' | 'tail' | 'shadowHead';
      value: number;
      sense: number;
    }
  | { kind: 'cni.device'; node: number; what: string }
  | { kind: 'cni.lost'; node: number; msg: number; got: number; target: string; why: string }
  | { kind: 'cni.work'; node: number; agent: AgentName; cycles: number; why: string };

/** Everything a coherent-NI run emits. */
export type CniModelEvent = CniEventBody | CommonEventBody;
