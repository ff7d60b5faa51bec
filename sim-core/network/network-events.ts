/** The torus network's events: packets entering, routed hop by hop, waiting, arriving, stuck. */
import type { CommonEventBody } from '../trace/common-events';
import type { RouteReason } from './network-frame';
import type { Header, Port } from './topology';

export type NetworkEventBody =
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
    };

/** Everything a network run emits. */
export type NetworkModelEvent = NetworkEventBody | CommonEventBody;
