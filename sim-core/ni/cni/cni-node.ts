/**
 * The coherent NI's node, built from the bus-node kit (sim-core/node/bus/; round2-spec §A.2 S1):
 * its agents and their sides (the processor P, the NI, a local queue's second processor P1),
 * Table 2 of seed 000 as the kit's cost table, its 64-byte blocks, the I/O bridge when the NI sits
 * on the I/O bus, snarfing by the processors' caches, the cni.* events the kit's happenings become,
 * and the context its routines and hooks receive.
 */
import type { MessageNetwork } from '../../net/message-network';
import type { MessageNetworkState } from '../../net/networks';
import type { BusTxnKind, NodeBus } from '../../node/bus/bus-state';
import { blockName, type BusCtx, type BusNodeConfig } from '../../node/bus/context';
import type { BusCostTable, Side } from '../../node/bus/costs';
import type { BusEventLog, DeviceHooks } from '../../node/bus/hooks';
import type { Routine } from '../../node/bus/routine';
import type { CniModelEvent } from './cni-events';
import type { CniConfig } from './cni-config';
import {
  AGENT_NAMES,
  CNI_TXN_KINDS,
  type AgentName,
  type CniNode,
  type CniState,
  type CniTxnKind,
} from './cni-state';
import { CNI_GEOMETRY, type CniBusCosts } from './config';
import type { Layout } from './layout';

/** What CNI's routines and hooks are given: the kit's context and the model's own state. */
export interface Ctx extends BusCtx<AgentName, Ctx> {
  cfg: CniConfig;
  layout: Layout;
  state: CniState;
  node: CniNode;
  events: CniModelEvent[];
  /** The network between the NIs, chosen by `network.kind`; its state is `state.net`. */
  network: MessageNetwork<MessageNetworkState>;
  /** The NI kind's mechanism: its routines' names and its hooks. */
  mechanism: Mechanism;
}

export type CniRoutine = Routine<Ctx, AgentName>;
export type CniHooks = DeviceHooks<Ctx, AgentName>;

/** One of the three ways a processor and an NI exchange messages (mechanisms/registry.ts). */
export interface Mechanism {
  send: string;
  receive: string;
  device: string;
  hooks: CniHooks;
  /**
   * The NI's loop, at its top, would find nothing to do this cycle (a pull virtual polling has
   * scheduled aside: cni-quiet.ts bounds those by their time). Reads, never writes.
   */
  deviceIdle(ctx: Ctx): boolean;
  /** Which queue each direction uses, for the queue CNIs. */
  queues: { send: string; receive: string } | null;
}

const SIDES: Readonly<Record<AgentName, Side>> = { P: 'cpu', NI: 'device', P1: 'cpu' };

/**
 * Table 2 (L689-709) as the kit's table. Memory supplies at the memory-to-cache cost whoever
 * asks; a processor's cache supplies the NI at processor → device, the NI's cache or its home
 * memory supplies a processor at device → processor; one processor supplies another (a local
 * queue) at the memory-to-cache cost, the only other 64-byte transfer the paper gives.
 */
export function costTableOf(c: CniBusCosts): BusCostTable {
  return {
    transfer: {
      memory: { cpu: c.memoryToCache, device: c.memoryToCache },
      cpu: { cpu: c.memoryToCache, device: c.processorToDevice },
      device: { cpu: c.deviceToProcessor, device: c.processorToDevice },
    },
    addressOnly: c.invalidate,
    writeBack: c.writeBack,
    uncachedLoad: c.uncachedLoad,
    uncachedStore: c.uncachedStore,
  };
}

/** A run's node machine; the NI's snoopers never refuse, and it asserts no shared line. */
export function busNodeOf(cfg: CniConfig, layout: Layout): BusNodeConfig<AgentName> {
  return {
    model: 'coherent-NI model',
    protocol: cfg.protocol,
    costs: costTableOf(cfg.costs),
    geometry: CNI_GEOMETRY,
    agents: AGENT_NAMES.map((name) => ({
      name,
      side: SIDES[name],
      // CNI16Qm's option: the processor's cache keeps its tags in I and snarfs (§B.6.4).
      snarfs: cfg.snarfing && SIDES[name] === 'cpu',
    })),
    registers: 'NI',
    blocks: layout.blocks,
    bridge: cfg.bus === 'io',
    storeBuffer: cfg.storeBuffer,
    writeBackBuffer: cfg.writeBackBuffer,
  };
}

/** Every transaction a coherent NI's bus carries: nobody answers RETRY on it, no DMA engine. */
export function cniTxnKind(kind: BusTxnKind): CniTxnKind {
  if (kind === 'RETRY' || kind === 'DMARD' || kind === 'DMAWR')
    throw new Error(`coherent-NI model: a ${kind} on a bus with no refusing snooper or DMA engine`);
  return kind;
}

/** The bus's counters by CNI's transaction kinds, in their order. */
export function cniCounts(bus: NodeBus<AgentName>): Record<CniTxnKind, number> {
  const counts = {} as Record<CniTxnKind, number>;
  for (const k of CNI_TXN_KINDS) counts[k] = bus.counts[k] ?? 0;
  return counts;
}

const uncached = (kind: string) => kind === 'ucLoad' || kind === 'ucStore';

/** The kit's happenings as the coherent-NI model's events. */
export const CNI_BUS_LOG: BusEventLog<Ctx, AgentName> = {
  access(ctx, agent, op, hit, state) {
    ctx.events.push({
      kind: 'cni.access',
      node: ctx.node.id,
      agent,
      op: op.op,
      target: blockName(ctx, op.block),
      hit,
      state,
      why: op.why,
    });
  },
  coh(ctx, agent, block, from, to, event, actions, txn) {
    ctx.events.push({
      kind: 'cni.coh',
      node: ctx.node.id,
      agent,
      target: blockName(ctx, block),
      from,
      to,
      event,
      actions,
      txn,
    });
  },
  txn(ctx, txn, cycles) {
    ctx.events.push({
      kind: 'cni.txn',
      node: ctx.node.id,
      txn: txn.id,
      txnKind: cniTxnKind(txn.kind),
      agent: txn.agent,
      target: txn.target,
      source: txn.source,
      cycles,
      posted: txn.posted,
      why: txn.why,
    });
  },
  nack(ctx, req) {
    ctx.events.push({
      kind: 'cni.nack',
      node: ctx.node.id,
      agent: req.agent,
      target: uncached(req.kind) ? req.reg : blockName(ctx, req.block),
    });
  },
  work(ctx, agent, op) {
    ctx.events.push({
      kind: 'cni.work',
      node: ctx.node.id,
      agent: agent.name,
      cycles: op.cycles,
      why: op.why,
    });
  },
};
