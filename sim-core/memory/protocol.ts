/**
 * Coherence protocols as total tables of data (after gem5's SLICC tables and Sorin, Hill & Wood,
 * "A Primer on Memory Consistency and Cache Coherence", 2011, ch. 7 snooping protocols; code-style
 * anchors P1).
 *
 * A protocol brings its own vocabulary: its states (with the permission each grants), the events
 * its controller reacts to (grouped by where they come from), the actions a cell may perform, and
 * one cell for every state × event pair: a transition (next state + actions), a stall, or
 * impossible (with the reason). The same object drives the simulator, the live protocol-table view
 * and the docs. A plain `Protocol` is a table of any vocabulary (what the protocol view draws);
 * the snooping caches' tables are `SnoopingProtocol`s (protocols/snooping-vocabulary.ts).
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

/** An event of a protocol's vocabulary: where it comes from (a column group) and its meaning. */
export interface EventSpec {
  readonly from: string;
  readonly desc: string;
}

/** An action a cell may name: a short code for the table, and what it does. */
export interface ActionSpec {
  readonly code: string;
  readonly desc: string;
}

/** A cell that waits and retries, or a pair that cannot happen: the same in every vocabulary. */
export interface Stall {
  readonly kind: 'stall';
  readonly why: string;
}
export interface Impossible {
  readonly kind: 'impossible';
  readonly why: string;
}

export type Cell<A extends string = string> =
  | {
      readonly kind: 'transition';
      readonly next: string;
      readonly actions: readonly A[];
    }
  | Stall
  | Impossible;

export interface Protocol<
  E extends string = string,
  A extends string = string,
  N extends string = string,
> {
  readonly name: N;
  readonly source: string;
  readonly states: Readonly<Record<string, StateSpec>>;
  /** Row order for views and docs. */
  readonly stateOrder: readonly string[];
  readonly events: Readonly<Record<E, EventSpec>>;
  /** Column order for views and docs. */
  readonly eventOrder: readonly E[];
  readonly actions: Readonly<Record<A, ActionSpec>>;
  readonly table: Readonly<Record<string, Readonly<Record<E, Cell<A>>>>>;
}

export type CellSpec<A extends string = string> =
  readonly [next: string, actions?: readonly A[]] | Cell<A>;

export const impossible = (why: string): Impossible => ({ kind: 'impossible', why });
export const stall = (why: string): Stall => ({ kind: 'stall', why });

/**
 * Builds a protocol from its vocabulary and rows, and checks that it is total: every state has a
 * cell for every event, every transition names a declared state, and rows and cells use only the
 * protocol's own events and actions. A partial or ill-spelled table is a programming error, so
 * this throws.
 */
export function defineProtocol<N extends string, E extends string, A extends string>(spec: {
  name: N;
  source: string;
  states: Record<string, StateSpec>;
  events: Readonly<Record<E, EventSpec>>;
  actions: Readonly<Record<A, ActionSpec>>;
  rows: Record<string, Partial<Record<NoInfer<E>, CellSpec<NoInfer<A>>>>>;
  /** Cell for pairs a row leaves out; every protocol states its own reason. */
  otherwise: (state: string, event: NoInfer<E>) => Cell<NoInfer<A>>;
}): Protocol<E, A, N> {
  const eventOrder = Object.keys(spec.events) as E[];
  const fail = (what: string): never => {
    throw new Error(`${spec.name}: ${what}`);
  };
  const table: Record<string, Record<E, Cell<A>>> = {};
  for (const state of Object.keys(spec.states)) {
    const row = spec.rows[state] ?? fail(`state ${state} has no row`);
    for (const event of Object.keys(row))
      if (!(event in spec.events)) fail(`${state} × ${event}: ${event} is not one of its events`);
    const cells = {} as Record<E, Cell<A>>;
    for (const event of eventOrder) {
      const given = row[event];
      const cell: Cell<A> =
        given === undefined
          ? spec.otherwise(state, event)
          : Array.isArray(given)
            ? { kind: 'transition', next: given[0], actions: given[1] ?? [] }
            : (given as Cell<A>);
      if (cell.kind === 'transition') {
        if (!(cell.next in spec.states)) fail(`${state} × ${event} → unknown state ${cell.next}`);
        for (const action of cell.actions)
          if (!(action in spec.actions))
            fail(`${state} × ${event}: ${action} is not one of its actions`);
      }
      cells[event] = cell;
    }
    table[state] = cells;
  }
  for (const state of Object.keys(spec.rows))
    if (!(state in spec.states)) fail(`row for undeclared state ${state}`);
  return {
    name: spec.name,
    source: spec.source,
    states: spec.states,
    stateOrder: Object.keys(spec.states),
    events: spec.events,
    eventOrder,
    actions: spec.actions,
    table,
  };
}

export function cellOf<E extends string, A extends string>(
  protocol: Protocol<E, A, string>,
  state: string,
  event: E,
): Cell<A> {
  const row = protocol.table[state];
  const cell = row?.[event];
  if (!cell) throw new Error(`${protocol.name}: no cell for ${state} × ${event}`);
  return cell;
}
