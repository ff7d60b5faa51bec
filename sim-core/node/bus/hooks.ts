/**
 * What a model plugs into the kit (round2-spec §A.2 S1): its device's hooks — registers, reactions
 * to granted transactions, and the two responses a device or snooper may give, RETRY and SHARED —
 * and its event log, which turns what happened on the bus into the model's own events.
 */
import type { SnoopingAction, SnoopingEvent } from '../../memory/protocols/snooping-vocabulary';
import type { Agent, BlockData, Op } from './agent';
import type { BusRequest, BusTxnKind, Txn } from './bus-state';

export interface DeviceHooks<C, A extends string> {
  /** An uncached load of a device register (UCR8) completes with this value. */
  readRegister(ctx: C, reg: string): number;
  /** An uncached store of a device register (UCW8) completes. */
  writeRegister(ctx: C, reg: string, value: number): void;
  /**
   * Called for every granted RD, RDX, ITOM or INV, and every device transaction, after the snoops
   * (virtual polling, pops, EDT's snoop-triggered fetch).
   */
  onGrant(ctx: C, txn: Txn<A>): void;
  /**
   * RETRY (round2-spec B1, CC-DMA by retry): asked for each owner of the requested block, before
   * any snoop. A refusing owner writes its copy back; the request returns to the queue and is
   * granted again only after that write-back, and the bus carries an address-only RETRY meanwhile.
   */
  refuses?(ctx: C, req: BusRequest<A>, owner: A): boolean;
  /**
   * SHARED (round2-spec B1, EDT): asked at each RD of `block`; true asserts the shared line, so the
   * reader's fill is DataShared and a line the device watches never becomes E.
   */
  assertShared?(ctx: C, block: number): boolean;
  /**
   * A device that keeps its copies itself and owns the block supplies it to a read no cache
   * answered (EDT's NI in M on a coherent receive, round2-spec B1.2): its data and the agent
   * named as the source, or null to let the home answer.
   */
  supplies?(ctx: C, req: BusRequest<A>, kind: BusTxnKind): { data: BlockData; by: A } | null;
  /**
   * A device transaction without a line has ended (its requester's result is set): the device
   * updates its own copies now, in bus order, before the next grant can snoop them.
   */
  onDone?(ctx: C, txn: Txn<A>): void;
}

/** The kit's happenings, written into the model's event log in the model's own words. */
export interface BusEventLog<C, A extends string> {
  /** A coherent load or store, hit or miss, from the line's state `state`. */
  access(ctx: C, agent: A, op: Op & { op: 'load' | 'store' }, hit: boolean, state: string): void;
  /** A line changed state through one cell of the protocol's table. */
  coh(
    ctx: C,
    agent: A,
    block: number,
    from: string,
    to: string,
    event: SnoopingEvent,
    actions: readonly SnoopingAction[],
    txn: number | null,
  ): void;
  /** A transaction was granted and holds the bus `cycles` cycles. */
  txn(ctx: C, txn: Txn<A>, cycles: number): void;
  /** The bridge NACKed a request (seed 000 §B.8). */
  nack(ctx: C, req: BusRequest<A>): void;
  /** An agent computes for `cycles` cycles. */
  work(ctx: C, agent: Agent<A>, op: Op & { op: 'compute' }): void;
}
