/**
 * What the Cranium views read from the event log, indexed once per log: each Cranium packet's
 * stage cycles (DMA read, outbox, injection, head arrival, dispatch, placement), the network's
 * injections, and the processors' and channels' events. The log runs ahead of the cursor (the
 * timeline is explored to the end), so every reader compares cycles with the current one.
 */
import type { SimEvent } from '../../../../sim-core/index';

type Ev<K extends SimEvent['kind']> = Extract<SimEvent, { kind: K }>;

export interface PacketStages {
  read?: number;
  outbox?: number;
  arrive?: number;
  dispatch?: number;
  dispatchTo?: string;
  place?: number;
  placeWhere?: string;
  outOfOrder?: boolean;
  /** The network packet that carried it (known from its arrival). */
  netId?: number;
}

export interface CraniumLogIndex {
  packets: Map<number, PacketStages>;
  /** Network packet id → the cycle it entered the network. */
  injects: Map<number, number>;
  cpu: Ev<'cr.cpu'>[];
  lookups: Ev<'cr.lookup'>[];
  notifies: Ev<'cr.notify'>[];
  /** Network packet ids of Cranium packets (the rest is other processes' traffic). */
  craniumNet: Set<number>;
}

export const EMPTY_INDEX: CraniumLogIndex = {
  packets: new Map(),
  injects: new Map(),
  cpu: [],
  lookups: [],
  notifies: [],
  craniumNet: new Set(),
};

/** The kinds of event the index reads (the page asks the worker's log for these only). */
export const CRANIUM_LOG_KINDS = [
  'net.inject',
  'cr.dma',
  'cr.arrive',
  'cr.dispatch',
  'cr.place',
  'cr.cpu',
  'cr.lookup',
  'cr.notify',
] as const;

export function indexCraniumLog(log: readonly SimEvent[]): CraniumLogIndex {
  const index: CraniumLogIndex = {
    packets: new Map(),
    injects: new Map(),
    cpu: [],
    lookups: [],
    notifies: [],
    craniumNet: new Set(),
  };
  const at = (id: number): PacketStages => {
    let p = index.packets.get(id);
    if (!p) {
      p = {};
      index.packets.set(id, p);
    }
    return p;
  };
  for (const e of log) {
    switch (e.kind) {
      case 'net.inject':
        index.injects.set(e.packet, e.cycle);
        break;
      case 'cr.dma':
        if (e.stage === 'read') at(e.packet).read ??= e.cycle;
        else if (e.stage === 'outbox') at(e.packet).outbox ??= e.cycle;
        break;
      case 'cr.arrive': {
        const p = at(e.packet);
        p.arrive ??= e.cycle;
        p.netId = e.netPacket;
        index.craniumNet.add(e.netPacket);
        break;
      }
      case 'cr.dispatch': {
        const p = at(e.packet);
        if (p.dispatch === undefined) {
          p.dispatch = e.cycle;
          p.dispatchTo = e.to;
        }
        break;
      }
      case 'cr.place': {
        const p = at(e.packet);
        if (p.place === undefined) {
          p.place = e.cycle;
          p.placeWhere = e.where;
          p.outOfOrder = e.outOfOrder;
        }
        break;
      }
      case 'cr.cpu':
        index.cpu.push(e);
        break;
      case 'cr.lookup':
        index.lookups.push(e);
        break;
      case 'cr.notify':
        index.notifies.push(e);
        break;
      default:
        break;
    }
  }
  return index;
}

/** A stage cycle, or undefined when it lies after the current cycle. */
export const upTo = (value: number | undefined, cycle: number): number | undefined =>
  value !== undefined && value <= cycle ? value : undefined;
