/**
 * The MSI, MESI and MOESI tables: total, self-consistent, and saying what the textbooks say; and
 * defineProtocol, which builds a table from a protocol's own vocabulary and refuses a partial or
 * ill-spelled one. The same tables drive the simulator, the protocol view and the docs, so a wrong
 * cell here is a wrong lecture.
 */
import { describe, expect, it } from 'vitest';
import {
  cellOf,
  defineProtocol,
  impossible,
  type Cell,
  type StateSpec,
} from '../../sim-core/memory/protocol';
import { PROTOCOL_NAMES, protocols } from '../../sim-core/memory/protocols';
import {
  SNOOPING_ACTIONS,
  SNOOPING_EVENT_NAMES,
  SNOOPING_EVENTS,
  type SnoopingAction,
  type SnoopingEvent,
  type SnoopingProtocol,
} from '../../sim-core/memory/protocols/snooping-vocabulary';

const all: SnoopingProtocol[] = Object.values(protocols);

function transition(p: SnoopingProtocol, state: string, event: SnoopingEvent) {
  const cell = cellOf(p, state, event);
  if (cell.kind !== 'transition')
    throw new Error(`${p.name} ${state} × ${event} is ${cell.kind}, expected a transition`);
  return cell;
}

const isStable = (p: SnoopingProtocol, state: string) => !p.states[state]!.transient;

describe('the registry', () => {
  it('files every protocol under its own name, and lists the names in order', () => {
    expect(PROTOCOL_NAMES).toEqual(['MSI', 'MESI', 'MOESI']);
    for (const name of PROTOCOL_NAMES) expect(protocols[name].name).toBe(name);
  });

  it('gives the three snooping protocols one vocabulary, Snarf last', () => {
    for (const p of all) {
      expect(p.events).toBe(SNOOPING_EVENTS);
      expect(p.actions).toBe(SNOOPING_ACTIONS);
      expect(p.eventOrder).toEqual(SNOOPING_EVENT_NAMES);
    }
    expect(SNOOPING_EVENT_NAMES.at(-1)).toBe('Snarf');
  });
});

describe.each(all.map((p) => [p.name, p] as const))('%s table', (_name, p) => {
  it('has a row for every state, in stateOrder, and no other rows', () => {
    expect([...p.stateOrder].sort()).toEqual(Object.keys(p.states).sort());
    expect(Object.keys(p.table).sort()).toEqual(Object.keys(p.states).sort());
  });

  it('is total: every state × every event has a well-formed cell', () => {
    for (const state of p.stateOrder) {
      expect(Object.keys(p.table[state]!)).toEqual(p.eventOrder);
      for (const event of p.eventOrder) {
        const cell: Cell = cellOf(p, state, event);
        if (cell.kind === 'transition') {
          expect(p.states, `${state} × ${event} → ${cell.next}`).toHaveProperty([cell.next]);
          for (const action of cell.actions) expect(Object.keys(p.actions)).toContain(action);
          expect(new Set(cell.actions).size).toBe(cell.actions.length);
        } else {
          expect(['stall', 'impossible']).toContain(cell.kind);
          expect(cell.why.length, `${state} × ${event} needs a reason`).toBeGreaterThan(10);
        }
      }
    }
  });

  it('has the textbook stable states, with I, S and M in every protocol', () => {
    const stable = p.stateOrder.filter((s) => isStable(p, s)).sort();
    const expected = {
      MSI: ['I', 'M', 'S'],
      MESI: ['E', 'I', 'M', 'S'],
      MOESI: ['E', 'I', 'M', 'O', 'S'],
    };
    expect(stable).toEqual(expected[p.name as keyof typeof expected]);
    const spec = (s: string): StateSpec => p.states[s]!;
    expect(spec('M')).toMatchObject({ perm: 'write', owner: true });
    expect(spec('S')).toMatchObject({ perm: 'read', owner: false });
    expect(spec('I')).toMatchObject({ perm: 'none', owner: false });
    if ('E' in p.states) expect(spec('E')).toMatchObject({ perm: 'write', owner: false });
    if ('O' in p.states) expect(spec('O')).toMatchObject({ perm: 'read', owner: true });
  });

  it('names transient states in the textbook style (XY_A, XY_D, XY_AD)', () => {
    for (const state of p.stateOrder) {
      expect(p.states[state]!.transient, state).toBe(/^[MOESI]{2}_(A|D|AD)$/.test(state));
    }
  });

  it('hits on a load in every readable stable state and on a store exactly when writable', () => {
    for (const state of p.stateOrder.filter((s) => isStable(p, s))) {
      const perm = p.states[state]!.perm;
      const load = transition(p, state, 'Load');
      const store = transition(p, state, 'Store');
      expect(load.actions.includes('hit'), `${state} × Load`).toBe(perm !== 'none');
      if (perm !== 'none') expect(load.next).toBe(state);
      expect(store.actions.includes('hit'), `${state} × Store`).toBe(perm === 'write');
      // Without write permission a store must go to the bus.
      if (perm !== 'write') expect(store.actions).toContain('requestBus');
    }
  });

  it('lets the owner, and only the owner, supply data to a reader', () => {
    for (const state of p.stateOrder) {
      for (const event of ['OtherRd', 'OtherRdX'] as const) {
        const cell = cellOf(p, state, event);
        if (cell.kind !== 'transition') continue;
        expect(cell.actions.includes('supplyData'), `${state} × ${event}`).toBe(
          p.states[state]!.owner,
        );
      }
    }
  });

  it('never drops dirty data: leaving ownership supplies, writes back, or is an upgrade by a sharer', () => {
    const keepsData: SnoopingAction[] = [
      'supplyData',
      'flushToMemory',
      'writeBackToMemory',
      'toWbBuffer',
    ];
    for (const state of p.stateOrder.filter((s) => p.states[s]!.owner)) {
      for (const event of p.eventOrder) {
        const cell = cellOf(p, state, event);
        if (cell.kind !== 'transition' || p.states[cell.next]!.owner) continue;
        // An INV comes from a sharer, which already holds the same (dirty) data.
        if (event === 'OtherInv') continue;
        expect(
          cell.actions.some((a) => keepsData.includes(a)),
          `${state} × ${event} → ${cell.next}`,
        ).toBe(true);
      }
    }
  });

  it('gives write permission only through an exclusive fill, a completed upgrade or ITOM, or E', () => {
    for (const state of p.stateOrder) {
      for (const event of p.eventOrder) {
        const cell = cellOf(p, state, event);
        if (cell.kind !== 'transition' || p.states[cell.next]!.perm !== 'write') continue;
        if (p.states[state]!.perm === 'write') continue;
        expect([
          'IM_D×DataExcl',
          'IM_D×Done', // a whole-block store's ITOM: ownership without data
          'SM_D×Done',
          'OM_D×Done',
          'IS_D×DataExcl', // MESI/MOESI: → E, nobody else has a copy
        ]).toContain(`${state}×${event}`);
      }
    }
  });

  it('has the transitions every snooping protocol shares', () => {
    const facts: [string, SnoopingEvent, string, SnoopingAction[]][] = [
      ['I', 'Load', 'IS_AD', ['requestBus']],
      ['I', 'Store', 'IM_AD', ['requestBus']],
      ['S', 'Store', 'SM_A', ['requestBus']],
      ['S', 'Load', 'S', ['hit']],
      ['S', 'OtherRdX', 'I', []],
      ['S', 'OtherInv', 'I', []],
      ['S', 'Replacement', 'I', []],
      ['M', 'Load', 'M', ['hit']],
      ['M', 'Store', 'M', ['hit']],
      ['M', 'Replacement', 'MI_A', ['toWbBuffer']],
      ['M', 'OtherRdX', 'I', ['supplyData']],
      ['IS_AD', 'Grant', 'IS_D', []],
      ['IM_AD', 'Grant', 'IM_D', []],
      ['SM_A', 'Grant', 'SM_D', []],
      ['SM_A', 'OtherRdX', 'IM_AD', []],
      ['SM_A', 'OtherInv', 'IM_AD', []],
      ['IM_D', 'DataExcl', 'M', ['fill', 'performStore']],
      ['SM_D', 'Done', 'M', ['performStore']],
      ['MI_A', 'Grant', 'I', ['writeBackToMemory']],
      ['MI_A', 'OtherRdX', 'I', ['supplyData', 'cancelWriteback']],
    ];
    for (const [state, event, next, actions] of facts) {
      expect(transition(p, state, event), `${state} × ${event}`).toEqual({
        kind: 'transition',
        next,
        actions,
      });
    }
    expect(cellOf(p, 'M', 'OtherInv').kind).toBe('impossible');
    expect(cellOf(p, 'I', 'Replacement').kind).toBe('impossible');
    expect(cellOf(p, 'IM_D', 'DataShared').kind).toBe('impossible');
    expect(cellOf(p, 'MI_A', 'OtherInv').kind).toBe('impossible');
  });

  it('snarfs only into a line kept in I: I × Snarf → S with a fill, every other state refuses', () => {
    expect(transition(p, 'I', 'Snarf')).toEqual({
      kind: 'transition',
      next: 'S',
      actions: ['fill'],
    });
    for (const state of p.stateOrder.filter((s) => s !== 'I'))
      expect(cellOf(p, state, 'Snarf'), state).toEqual(
        impossible('snarfing offers a passing write-back only to a line whose tag is kept in I'),
      );
  });
});

describe('protocol-specific textbook facts', () => {
  const { MSI, MESI, MOESI } = protocols;

  it('MSI: a read miss always ends in S, and M × OtherRd flushes to memory', () => {
    expect(transition(MSI, 'IS_D', 'DataExcl')).toMatchObject({ next: 'S' });
    // Nobody asserts the shared line in MSI, so a fill never arrives as DataShared.
    expect(MSI.table.IS_D!.DataShared.kind).toBe('impossible');
    expect(transition(MSI, 'M', 'OtherRd')).toEqual({
      kind: 'transition',
      next: 'S',
      actions: ['supplyData', 'flushToMemory'],
    });
  });

  it('MSI: no cell asserts the shared line (it has no E to tell apart)', () => {
    for (const state of MSI.stateOrder)
      for (const event of MSI.eventOrder) {
        const cell = cellOf(MSI, state, event);
        if (cell.kind === 'transition') expect(cell.actions).not.toContain('assertShared');
      }
  });

  it('MESI: an unshared read miss ends in E and a store to E upgrades silently', () => {
    expect(transition(MESI, 'IS_D', 'DataExcl')).toMatchObject({ next: 'E' });
    expect(transition(MESI, 'IS_D', 'DataShared')).toMatchObject({ next: 'S' });
    expect(transition(MESI, 'E', 'Store')).toEqual({
      kind: 'transition',
      next: 'M',
      actions: ['hit'],
    });
    expect(transition(MESI, 'E', 'Replacement')).toEqual({
      kind: 'transition',
      next: 'I',
      actions: [],
    });
    expect(transition(MESI, 'E', 'OtherRd')).toEqual({
      kind: 'transition',
      next: 'S',
      actions: ['assertShared'],
    });
  });

  it('MESI: M × OtherRd → S with a flush to memory (no dirty sharing)', () => {
    const cell = transition(MESI, 'M', 'OtherRd');
    expect(cell.next).toBe('S');
    expect(cell.actions).toContain('flushToMemory');
    expect(cell.actions).toContain('supplyData');
    expect(cell.actions).toContain('assertShared');
    expect(transition(MESI, 'MI_A', 'OtherRd')).toMatchObject({
      next: 'I',
      actions: ['supplyData', 'flushToMemory', 'cancelWriteback'],
    });
  });

  it('MOESI: M × OtherRd → O, supplying without updating memory', () => {
    expect(transition(MOESI, 'M', 'OtherRd')).toEqual({
      kind: 'transition',
      next: 'O',
      actions: ['supplyData', 'assertShared'],
    });
    expect(transition(MOESI, 'O', 'OtherRd')).toEqual({
      kind: 'transition',
      next: 'O',
      actions: ['supplyData', 'assertShared'],
    });
  });

  it('MOESI: O upgrades through OM_A, and an evicted O waits in OI_A and writes back', () => {
    expect(transition(MOESI, 'O', 'Store')).toEqual({
      kind: 'transition',
      next: 'OM_A',
      actions: ['requestBus'],
    });
    expect(transition(MOESI, 'OM_A', 'Grant')).toMatchObject({ next: 'OM_D' });
    expect(transition(MOESI, 'OM_D', 'Done')).toMatchObject({
      next: 'M',
      actions: ['performStore'],
    });
    expect(transition(MOESI, 'O', 'Replacement')).toMatchObject({
      next: 'OI_A',
      actions: ['toWbBuffer'],
    });
    expect(transition(MOESI, 'OI_A', 'Grant')).toMatchObject({
      next: 'I',
      actions: ['writeBackToMemory'],
    });
    expect(transition(MOESI, 'MI_A', 'OtherRd')).toMatchObject({ next: 'OI_A' });
    expect(transition(MOESI, 'E', 'Store')).toEqual({
      kind: 'transition',
      next: 'M',
      actions: ['hit'],
    });
  });

  it('only MOESI has O and its transient states', () => {
    expect(Object.keys(MSI.states)).not.toContain('O');
    expect(Object.keys(MESI.states)).not.toContain('O');
    expect(Object.keys(MOESI.states)).toEqual(
      expect.arrayContaining(['O', 'OM_A', 'OM_D', 'OI_A']),
    );
    expect(Object.keys(MSI.states)).not.toContain('E');
  });
});

describe('cellOf', () => {
  it('throws for a state the protocol does not have', () => {
    expect(() => cellOf(protocols.MSI, 'E', 'Load')).toThrow(/no cell for E × Load/);
  });
});

describe('defineProtocol', () => {
  const states: Record<string, StateSpec> = {
    V: { desc: 'valid', perm: 'read', owner: false, transient: false },
    I: { desc: 'invalid', perm: 'none', owner: false, transient: false },
  };
  // A toy vocabulary of its own, as EDT's NI-side blocks or FLASH's directory will bring.
  const events = {
    Fetch: { from: 'device', desc: 'the device fetches the block' },
    Drop: { from: 'snoop', desc: 'a snooped write takes the block away' },
  };
  const actions = { copy: { code: 'c', desc: 'copy the block in' } };
  const otherwise = (): Cell<'copy'> => impossible('not in this toy protocol');
  const toy = (rows: Record<string, Record<string, unknown>>, other = otherwise) =>
    defineProtocol({
      name: 'toy',
      source: 'test',
      states,
      events,
      actions,
      rows: rows as Record<string, Partial<Record<'Fetch' | 'Drop', Cell<'copy'>>>>,
      otherwise: other,
    });

  it('builds a total table over the protocol’s own events, filling gaps from `otherwise`', () => {
    const p = defineProtocol({
      name: 'toy',
      source: 'test',
      states,
      events,
      actions,
      rows: { V: { Drop: ['I'] }, I: { Fetch: ['V', ['copy']] } },
      otherwise,
    });
    expect(p.eventOrder).toEqual(['Fetch', 'Drop']);
    expect(p.events).toBe(events);
    expect(p.actions).toBe(actions);
    expect(cellOf(p, 'I', 'Fetch')).toEqual({ kind: 'transition', next: 'V', actions: ['copy'] });
    expect(cellOf(p, 'V', 'Fetch')).toEqual(impossible('not in this toy protocol'));
    expect(Object.keys(p.table.V!)).toEqual(['Fetch', 'Drop']);
    expect(p.stateOrder).toEqual(['V', 'I']);
  });

  it('throws on a partial table: a declared state with no row', () => {
    expect(() => toy({ V: {} })).toThrow('toy: state I has no row');
  });

  it('throws on an event that is not in the protocol’s vocabulary', () => {
    // Load is a snooping cache's event, not this protocol's.
    expect(() => toy({ V: { Load: ['V'] }, I: {} })).toThrow(
      'toy: V × Load: Load is not one of its events',
    );
  });

  it('throws on an action that is not in the protocol’s vocabulary, in a row or from `otherwise`', () => {
    expect(() => toy({ V: {}, I: { Fetch: ['V', ['fill']] } })).toThrow(
      'toy: I × Fetch: fill is not one of its actions',
    );
    expect(() =>
      toy({ V: {}, I: {} }, () => ({ kind: 'transition', next: 'V', actions: ['hit' as 'copy'] })),
    ).toThrow('toy: V × Fetch: hit is not one of its actions');
  });

  it('throws when a transition names an unknown state', () => {
    expect(() => toy({ V: { Drop: ['M'] }, I: {} })).toThrow('toy: V × Drop → unknown state M');
  });

  it('throws when `otherwise` names an unknown state', () => {
    expect(() =>
      toy({ V: {}, I: {} }, () => ({ kind: 'transition', next: 'X', actions: [] })),
    ).toThrow(/unknown state X/);
  });

  it('throws on a row for an undeclared state', () => {
    expect(() => toy({ V: {}, I: {}, Q: {} })).toThrow('toy: row for undeclared state Q');
  });
});
