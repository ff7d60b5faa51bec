/**
 * MESI (Illinois) write-invalidate snooping protocol (Papamarcos & Patel 1984; Sorin, Hill & Wood
 * 2011, §7.3). Adds E: a read miss that no other cache shares ends in E, and a later store
 * upgrades silently. A dirty block that is read by another cache is written back (M→S with a
 * flush to memory): MESI cannot share dirty data.
 */
import { defineProtocol, impossible } from '../protocol';
import {
  defaultCell,
  invalidRow,
  invalidState,
  transientRows,
  transientStates,
} from './snooping-common';
import { SNOOPING_ACTIONS, SNOOPING_EVENTS } from './snooping-vocabulary';

export const MESI = defineProtocol({
  name: 'MESI',
  source: 'Papamarcos & Patel (ISCA 1984); Sorin, Hill & Wood (2011), §7.3',
  events: SNOOPING_EVENTS,
  actions: SNOOPING_ACTIONS,
  states: {
    M: {
      desc: 'Modified: the only copy, dirty, writable',
      perm: 'write',
      owner: true,
      transient: false,
    },
    E: {
      desc: 'Exclusive: the only copy, clean; a store upgrades silently',
      perm: 'write',
      owner: false,
      transient: false,
    },
    S: {
      desc: 'Shared: clean, read-only; others may hold copies',
      perm: 'read',
      owner: false,
      transient: false,
    },
    ...invalidState,
    ...transientStates,
  },
  rows: {
    M: {
      Load: ['M', ['hit']],
      Store: ['M', ['hit']],
      Replacement: ['MI_A', ['toWbBuffer']],
      OtherRd: ['S', ['supplyData', 'assertShared', 'flushToMemory']],
      OtherRdX: ['I', ['supplyData']],
      OtherInv: impossible('a cache in M holds the only copy: nobody else can upgrade'),
    },
    E: {
      Load: ['E', ['hit']],
      Store: ['M', ['hit']],
      Replacement: ['I'],
      OtherRd: ['S', ['assertShared']],
      OtherRdX: ['I'],
      OtherInv: impossible('a cache in E holds the only copy: nobody else can upgrade'),
    },
    S: {
      Load: ['S', ['hit']],
      Store: ['SM_A', ['requestBus']],
      Replacement: ['I'],
      OtherRd: ['S', ['assertShared']],
      OtherRdX: ['I'],
      OtherInv: ['I'],
    },
    ...invalidRow,
    ...transientRows,
    SM_A: { ...transientRows.SM_A, OtherRd: ['SM_A', ['assertShared']] },
    IS_D: {
      DataExcl: ['E', ['fill', 'performLoad']],
      DataShared: ['S', ['fill', 'performLoad']],
    },
    MI_A: {
      ...transientRows.MI_A,
      OtherRd: ['I', ['supplyData', 'flushToMemory', 'cancelWriteback']],
    },
  },
  otherwise: defaultCell,
});
