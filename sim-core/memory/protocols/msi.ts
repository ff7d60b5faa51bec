/**
 * MSI write-invalidate snooping protocol (Sorin, Hill & Wood 2011, §7.2, Table 7.4 adapted to an
 * atomic bus with a write-back buffer). No E state: every read miss ends in S, even when no other
 * cache holds the block, so a later store always costs a bus invalidation.
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

export const MSI = defineProtocol({
  name: 'MSI',
  source: 'Sorin, Hill & Wood, A Primer on Memory Consistency and Cache Coherence (2011), §7.2',
  events: SNOOPING_EVENTS,
  actions: SNOOPING_ACTIONS,
  states: {
    M: {
      desc: 'Modified: the only copy, dirty, writable',
      perm: 'write',
      owner: true,
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
      OtherRd: ['S', ['supplyData', 'flushToMemory']],
      OtherRdX: ['I', ['supplyData']],
      OtherInv: impossible('a cache in M holds the only copy: nobody else can upgrade'),
    },
    S: {
      Load: ['S', ['hit']],
      Store: ['SM_A', ['requestBus']],
      Replacement: ['I'],
      OtherRd: ['S'],
      OtherRdX: ['I'],
      OtherInv: ['I'],
    },
    ...invalidRow,
    ...transientRows,
    SM_A: { ...transientRows.SM_A, OtherRd: ['SM_A'] },
    IS_D: {
      DataExcl: ['S', ['fill', 'performLoad']],
      DataShared: impossible('MSI caches never assert the shared line'),
    },
    MI_A: {
      ...transientRows.MI_A,
      // Memory takes the block as it passes, so the queued write-back is no longer needed.
      OtherRd: ['I', ['supplyData', 'flushToMemory', 'cancelWriteback']],
    },
  },
  otherwise: defaultCell,
});
