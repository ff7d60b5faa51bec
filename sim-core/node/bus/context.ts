/**
 * What the kit's functions are given (round2-spec §A.2 S1): the node's configuration (protocol
 * table, cost table, block geometry, the agents and their sides, the blocks' homes, the bridge),
 * the clock and counters the kit advances, the node's plain-data state, and what the model plugs
 * in: device hooks, an event log and the routines its agents run. A model's context extends
 * BusCtx with its own fields, and its hooks and routines receive that context.
 */
import type { SnoopingProtocol } from '../../memory/protocols/snooping-vocabulary';
import type { Agent, BlockData } from './agent';
import type { NodeBus } from './bus-state';
import type { BusCostTable, Side } from './costs';
import type { BlockGeometry } from './geometry';
import type { BusEventLog, DeviceHooks } from './hooks';
import type { Routine } from './routine';

export interface AgentSpec<A extends string> {
  name: A;
  side: Side;
  /** Its cache takes a passing write-back into a line kept in I (snarfing, seed 000 §B.0 item 6). */
  snarfs: boolean;
}

/** A block of the node: its name for events and views, and where its home copy lives. */
export interface BlockHome {
  name: string;
  home: 'memory' | 'device';
}

/** A node's machine, fixed for a run. */
export interface BusNodeConfig<A extends string> {
  /** Whose node this is, for error messages. */
  model: string;
  /** A snooping protocol: the agents' lines fire its events and run its actions. */
  protocol: SnoopingProtocol;
  costs: BusCostTable;
  geometry: BlockGeometry;
  /** Every agent that may sit on the bus, in snoop order. */
  agents: readonly AgentSpec<A>[];
  /** The agent whose registers uncached loads and stores reach. */
  registers: A;
  /** Every block by id. */
  blocks: readonly BlockHome[];
  /**
   * The bus is an I/O bus behind a bridge (seed 000 §B.8): when both sides wait as the bus frees,
   * the bridge NACKs the device side, whose retry is then guaranteed; and the device side's
   * write-backs and address-only transactions are posted (the issuer goes on at the grant).
   */
  bridge: boolean;
  /** Uncached stores an agent's store buffer holds. */
  storeBuffer: number;
  /** An evicting agent goes on without waiting for its write-back (seed 000 L900-902). */
  writeBackBuffer: boolean;
}

/** The clock and counters of the whole machine, shared by its nodes. */
export interface BusClock {
  cycle: number;
  nextTxnId: number;
  nextRequestSeq: number;
}

/** One node's plain-data state: its agents, the blocks' home copies, and its bus. */
export interface BusNode<A extends string> {
  id: number;
  agents: Partial<Record<A, Agent<A>>>;
  /** Home copies of blocks: in a device's memory or in main memory (by the block's home). */
  home: Record<number, BlockData>;
  /** The latest value written to each block, the reference for the data-value invariant. */
  latest: Record<number, BlockData>;
  bus: NodeBus<A>;
}

/**
 * The kit's context. `C` is the model's own context, the one its hooks, event log and routines
 * receive (a model declares `interface Ctx extends BusCtx<Names, Ctx>`); functions that never call
 * back into the model take `BusCtx<A>`.
 */
export interface BusCtx<A extends string, C = never> {
  kit: BusNodeConfig<A>;
  state: BusClock;
  node: BusNode<A>;
  hooks: DeviceHooks<C, A>;
  log: BusEventLog<C, A>;
  routines: Readonly<Record<string, Routine<C, A>>>;
}

/** The agent names of a model's context. */
export type AgentOf<C> = C extends { node: BusNode<infer A> } ? A : never;

/** A model's context as the kit's functions that call back into the model see it. */
export type ModelCtx<C> = BusCtx<AgentOf<C>, C>;

export const blockName = <A extends string>(ctx: BusCtx<A>, block: number) =>
  ctx.kit.blocks[block]?.name ?? `#${block}`;

export function modelError<A extends string>(ctx: BusCtx<A>, what: string): never {
  throw new Error(`${ctx.kit.model}, node ${ctx.node.id}, cycle ${ctx.state.cycle}: ${what}`);
}

export function sideOf<A extends string>(kit: BusNodeConfig<A>, agent: A): Side {
  const spec = kit.agents.find((a) => a.name === agent);
  if (!spec) throw new Error(`${kit.model}: no agent ${agent} on the bus`);
  return spec.side;
}
