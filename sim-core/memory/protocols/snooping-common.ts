/**
 * Rows shared by the MSI, MESI and MOESI tables: the invalid state (with snarfing: a line kept in
 * I takes a passing write-back, seed 000 digest §B.0 item 6), the transient states of an atomic
 * snooping bus, and the default reasons for the cells that cannot happen.
 *
 * Transient states use the textbook naming (Sorin, Hill & Wood 2011, §7.2): IS_AD is "I going to
 * S, waiting for the bus (A) and the data (D)". With an atomic bus, a request first waits for the
 * bus (…_AD / …_A); once granted, every snoop happens at once and the requester waits only for its
 * transaction to finish (…_D). MI_A / OI_A are dirty victims waiting in the write-back buffer.
 */
import { impossible, type Cell, type CellSpec, type StateSpec } from '../protocol';
import { SNOOPING_EVENTS, type SnoopingAction, type SnoopingEvent } from './snooping-vocabulary';

export const transientStates: Record<string, StateSpec> = {
  IS_AD: {
    desc: 'I→S: load miss, waiting for the bus and the data',
    perm: 'none',
    owner: false,
    transient: true,
  },
  IM_AD: {
    desc: 'I→M: store miss, waiting for the bus and the data',
    perm: 'none',
    owner: false,
    transient: true,
  },
  SM_A: {
    desc: 'S→M: store to a shared block, waiting for the bus to invalidate the others',
    perm: 'read',
    owner: false,
    transient: true,
  },
  IS_D: { desc: 'I→S: bus granted, data on its way', perm: 'none', owner: false, transient: true },
  IM_D: { desc: 'I→M: bus granted, data on its way', perm: 'none', owner: false, transient: true },
  SM_D: { desc: 'S→M: invalidation on the bus', perm: 'read', owner: false, transient: true },
  MI_A: {
    desc: 'Dirty victim in the write-back buffer, waiting for the bus',
    perm: 'none',
    owner: true,
    transient: true,
  },
};

export const invalidState: Record<string, StateSpec> = {
  I: { desc: 'Invalid: no usable copy', perm: 'none', owner: false, transient: false },
};

type Rows = Record<string, Partial<Record<SnoopingEvent, CellSpec<SnoopingAction>>>>;

/** A cache without a valid copy never sees the snoop: its duplicate tags filter it out. */
const notSnooped = impossible(
  'not snooped: without a valid copy, the duplicate tags filter the transaction out',
);

/**
 * The processor cannot touch its own victim while it waits in the buffer: the write-back is queued
 * right behind the miss that evicted it, and requests are granted oldest first.
 */
export const victimLeaves = impossible(
  'the write-back is queued right behind the miss, so it has the bus before the processor can touch the block again',
);

export const invalidRow: Rows = {
  I: {
    Load: ['IS_AD', ['requestBus']],
    Store: ['IM_AD', ['requestBus']],
    Replacement: impossible('an invalid line is free: nothing to evict'),
    OtherRd: notSnooped,
    OtherRdX: notSnooped,
    OtherInv: notSnooped,
    // Only with snarfing on: the tag kept after an invalidation catches the block going home.
    Snarf: ['S', ['fill']],
  },
};

/** Rows of the transient states that are the same in all three protocols. */
export const transientRows: Rows = {
  IS_AD: { Grant: ['IS_D'], OtherRd: ['IS_AD'], OtherRdX: ['IS_AD'], OtherInv: ['IS_AD'] },
  IM_AD: { Grant: ['IM_D'], OtherRd: ['IM_AD'], OtherRdX: ['IM_AD'], OtherInv: ['IM_AD'] },
  SM_A: {
    Grant: ['SM_D'],
    // Another writer got the bus first: our shared copy is gone, so the upgrade becomes an RDX.
    OtherRdX: ['IM_AD'],
    OtherInv: ['IM_AD'],
  },
  IM_D: {
    DataExcl: ['M', ['fill', 'performStore']],
    // A whole-block store asked for ownership only (ITOM): no data comes, the store fills it all.
    Done: ['M', ['performStore']],
    DataShared: impossible('an RDX invalidates every other copy, so nobody asserts shared'),
  },
  SM_D: { Done: ['M', ['performStore']] },
  MI_A: {
    Load: victimLeaves,
    Store: victimLeaves,
    Grant: ['I', ['writeBackToMemory']],
    OtherRdX: ['I', ['supplyData', 'cancelWriteback']],
    OtherInv: impossible('the buffer holds the only copy: nobody else can upgrade'),
  },
};

/** The bus offers a passing write-back only to lines kept in I (a valid copy needs nothing). */
const notSnarfed = impossible(
  'snarfing offers a passing write-back only to a line whose tag is kept in I',
);

/** The reason for a cell a row leaves out, from the kind of event. */
export function defaultCell(state: string, event: SnoopingEvent): Cell<SnoopingAction> {
  if (event === 'Snarf') return notSnarfed;
  const from = SNOOPING_EVENTS[event].from;
  if (from === 'own bus') return impossible(`no request of this cache is on the bus in ${state}`);
  if (from === 'processor') {
    return impossible(
      state.endsWith('I_A')
        ? 'the victim waits in the write-back buffer; the processor is stalled on its miss'
        : 'the processor is stalled on its outstanding miss (blocking cache)',
    );
  }
  return impossible('the bus is atomic: no other transaction runs while ours holds the bus');
}
