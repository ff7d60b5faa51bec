/**
 * What a transaction costs the bus, from a table in the model's configuration rather than from
 * constants (round2-spec §A.2 S1). A data transfer costs by who supplies whom: main memory, or a
 * cache or home memory on the processor or the device side, to a requester on either side. Seed
 * 000's Table 2 is one such table (ni/cni/cni-node.ts); EDT's derived bus costs will be another
 * (round2-spec B1.2).
 */

/** Where an agent sits: with the processors, or on the device (the bridge and costs tell apart). */
export type Side = 'cpu' | 'device';
/** Who supplies a block: main memory, or a cache or home memory on one side. */
export type Supplier = Side | 'memory';

/** Bus occupancy of each transaction, in the model's cycles. */
export interface BusCostTable {
  /** A block moved from `transfer[supplier]` to a requester on side `[side]`. */
  transfer: Readonly<Record<Supplier, Readonly<Record<Side, number>>>>;
  /** Only the address crosses the bus: an invalidation, an ITOM nobody answered with data. */
  addressOnly: number;
  /** A dirty block goes home. */
  writeBack: number;
  uncachedLoad: number;
  uncachedStore: number;
  /** A snooper's RETRY answer; only a machine whose snoopers refuse needs it. */
  retry?: number;
}
