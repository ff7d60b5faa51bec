/**
 * Coherence protocols as total tables of data (after gem5's SLICC tables and Sorin, Hill & Wood,
 * "A Primer on Memory Consistency and Cache Coherence", 2011, ch. 7 snooping protocols).
 *
 * A protocol lists its states (with the permission each grants), the events a cache controller
 * reacts to (grouped by where they come from), the actions a cell may perform, and one cell for
 * every state × event pair: a transition (next state + actions), a stall, or impossible (with the
 * reason). The same object drives the simulator, the live protocol-table view and the docs.
 */

/** What a cache may do with a block in this state. */
export type Permission = 'none' | 'read' | 'write';

export interface StateSpec {
  readonly desc: string;
  readonly perm: Permission;
  /** Holds the only up-to-date copy outside memory; must supply data and write back. */
  readonly owner: boolean;
  /** Waiting for the bus or for data: a transient state in the textbook's naming. */
  readonly transient: boolean;
}

export const PROTOCOL_EVENTS = {
  Load: { from: 'processor', desc: 'The processor loads a word of the block' },
  Store: { from: 'processor', desc: 'The processor stores a word of the block' },
  Replacement: { from: 'processor', desc: 'The block is chosen as the victim for a miss' },
  Grant: { from: 'own bus', desc: "This cache's request wins the bus; snoops happen now" },
  DataExcl: { from: 'own bus', desc: 'The block arrives and no other cache holds it' },
  DataShared: { from: 'own bus', desc: 'The block arrives and another cache asserted shared' },
  Done: { from: 'own bus', desc: 'An address-only transaction (invalidate) completes' },
  OtherRd: { from: 'snoop', desc: 'Another cache reads the block (RD)' },
  OtherRdX: { from: 'snoop', desc: 'Another cache reads the block to write it (RDX)' },
  OtherInv: { from: 'snoop', desc: 'Another cache invalidates the block to write it (INV)' },
} as const;

export type ProtocolEvent = keyof typeof PROTOCOL_EVENTS;
export const PROTOCOL_EVENT_NAMES = Object.keys(PROTOCOL_EVENTS) as ProtocolEvent[];

/** Actions a cell may name; the cache controller performs them in the order listed. */
export const PROTOCOL_ACTIONS = {
  hit: { code: 'h', desc: 'The access completes in the cache' },
  requestBus: { code: 'rq', desc: 'Queue a bus request for the block' },
  toWbBuffer: {
    code: 'wb',
    desc: 'Move the dirty victim to the write-back buffer; queue a write-back',
  },
  supplyData: { code: 'sd', desc: 'Supply the block to the requester, cache to cache' },
  assertShared: { code: 'sh', desc: 'Assert the shared line' },
  flushToMemory: { code: 'fm', desc: 'Memory takes a copy of the block as it passes (M→S)' },
  writeBackToMemory: { code: 'wm', desc: 'Write the block back to memory' },
  cancelWriteback: { code: 'cw', desc: 'Drop the queued write-back: the new owner keeps the data' },
  fill: { code: 'f', desc: 'Install the arriving block in the cache' },
  performLoad: { code: 'pl', desc: 'Complete the waiting load' },
  performStore: { code: 'ps', desc: 'Complete the waiting store' },
} as const;

export type ProtocolAction = keyof typeof PROTOCOL_ACTIONS;

export type Cell =
  | {
      readonly kind: 'transition';
      readonly next: string;
      readonly actions: readonly ProtocolAction[];
    }
  | { readonly kind: 'stall'; readonly why: string }
  | { readonly kind: 'impossible'; readonly why: string };

export interface Protocol {
  readonly name: ProtocolName;
  readonly source: string;
  readonly states: Readonly<Record<string, StateSpec>>;
  /** Row order for views and docs. */
  readonly stateOrder: readonly string[];
  readonly table: Readonly<Record<string, Readonly<Record<ProtocolEvent, Cell>>>>;
}

export type ProtocolName = 'MSI' | 'MESI' | 'MOESI';

export type CellSpec = readonly [next: string, actions?: readonly ProtocolAction[]] | Cell;

export const impossible = (why: string): Cell => ({ kind: 'impossible', why });
export const stall = (why: string): Cell => ({ kind: 'stall', why });

/**
 * Builds a protocol and checks that it is total: every state has a cell for every event, and
 * every transition names a declared state. A partial table is a programming error, so this throws.
 */
export function defineProtocol(spec: {
  name: ProtocolName;
  source: string;
  states: Record<string, StateSpec>;
  rows: Record<string, Partial<Record<ProtocolEvent, CellSpec>>>;
  /** Cell for pairs a row leaves out; every protocol states its own reason. */
  otherwise: (state: string, event: ProtocolEvent) => Cell;
}): Protocol {
  const table: Record<string, Record<ProtocolEvent, Cell>> = {};
  for (const state of Object.keys(spec.states)) {
    const row = spec.rows[state];
    if (!row) throw new Error(`${spec.name}: state ${state} has no row`);
    const cells = {} as Record<ProtocolEvent, Cell>;
    for (const event of PROTOCOL_EVENT_NAMES) {
      const given = row[event];
      const cell: Cell =
        given === undefined
          ? spec.otherwise(state, event)
          : Array.isArray(given)
            ? { kind: 'transition', next: given[0], actions: given[1] ?? [] }
            : (given as Cell);
      if (cell.kind === 'transition' && !(cell.next in spec.states)) {
        throw new Error(`${spec.name}: ${state} × ${event} → unknown state ${cell.next}`);
      }
      cells[event] = cell;
    }
    table[state] = cells;
  }
  for (const state of Object.keys(spec.rows)) {
    if (!(state in spec.states)) throw new Error(`${spec.name}: row for undeclared state ${state}`);
  }
  return {
    name: spec.name,
    source: spec.source,
    states: spec.states,
    stateOrder: Object.keys(spec.states),
    table,
  };
}

export function cellOf(protocol: Protocol, state: string, event: ProtocolEvent): Cell {
  const row = protocol.table[state];
  const cell = row?.[event];
  if (!cell) throw new Error(`${protocol.name}: no cell for ${state} × ${event}`);
  return cell;
}
