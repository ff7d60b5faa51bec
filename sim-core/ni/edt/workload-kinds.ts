/**
 * The VIA workload's choices as data (seed 002 §2, §5; round2-spec §A.3 item 3): the order of a
 * message's 8-byte stores (Send1) [002 L136-138], and where its payload comes from. The schema
 * checks them; the menus and compare mode list them without the schema.
 */
export const WRITE_ORDERS = ['sequential', 'reverse', 'stride', 'random'] as const;
export type WriteOrder = (typeof WRITE_ORDERS)[number];

export const PAYLOADS = ['produce', 'prepared-dirty', 'prepared-clean'] as const;
export type Payload = (typeof PAYLOADS)[number];
