/**
 * SimEvent: what happened in one cycle and why, as a discriminated union. The event log is the
 * golden-test artefact, the source of the narration, and what the views animate from.
 *
 * Every event carries `cycle` (the cycle whose work produced it; the state *after* that cycle is
 * the frame at `cycle`) and `seq` (its position in the whole run, which orders same-cycle events).
 */
import type { ProtocolAction, ProtocolEvent } from '../memory/protocol';
import type { BusTxnKind } from '../memory/bus';
import type { RouteReason } from '../network/network-frame';
import type { Header, Port } from '../network/topology';
import type { CniEventBody } from '../ni/cni/cni-events';
import type { CraniumEventBody } from '../ni/cranium/cranium-events';

export type AccessOp = 'load' | 'store';

/** Where a bus transaction's data came from. */
export type DataSource =
  { kind: 'memory' } | { kind: 'cache'; cache: number; fromWbBuffer: boolean } | { kind: 'none' };

export interface SnoopOutcome {
  cache: number;
  from: string;
  to: string;
  actions: readonly ProtocolAction[];
}

export type SimEventBody =
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
      event: ProtocolEvent;
      actions: readonly ProtocolAction[];
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
  | { kind: 'bus.done'; txn: number; txnKind: BusTxnKind; requester: number; block: number }
  | {
      kind: 'invariant.violation';
      rule: 'single-writer' | 'data-value' | 'protocol' | 'conservation' | 'delivery' | 'capacity';
      block: number;
      detail: string;
    }
  | { kind: 'net.inject'; packet: number; node: number; router: number; dst: number }
  | {
      kind: 'net.route';
      router: number;
      packet: number;
      from: Port | 'MQ';
      to: Port;
      profitable: Port[];
      reason: RouteReason;
      /** The header after this hop's rewrite. */
      header: Header;
    }
  | {
      kind: 'net.buffer';
      router: number;
      packet: number;
      from: Port;
      slot: number;
      /** The packet was accepted in a packet exchange (present only then). */
      exchange?: true;
    }
  | {
      kind: 'net.deliver';
      packet: number;
      node: number;
      latency: number;
      networkLatency: number;
      hops: number;
      deroutes: number;
    }
  | {
      kind: 'net.stall';
      idleCycles: number;
      held: { packet: number; router: number; where: string }[];
      /** A cycle of packets each waiting for a frame the next one holds, when there is one. */
      deadlock: { packet: number; router: number; where: string; waitsFor: Port }[];
    }
  | CniEventBody
  | CraniumEventBody
  | {
      kind: 'sim.halt';
      reason:
        | 'all programs finished'
        | 'all packets delivered'
        | 'all messages delivered'
        | 'a program waits forever';
    };

export type SimEvent = SimEventBody & { cycle: number; seq: number };
export type SimEventKind = SimEvent['kind'];
