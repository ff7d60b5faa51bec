/**
 * MOESI write-invalidate snooping protocol (Sweazey & Smith, ISCA 1986; Sorin, Hill & Wood 2011,
 * §7.5.1), the protocol of the coherent-network-interface paper's memory bus (MBus Level-2; seed
 * 000, digest §B.0). Adds O: a dirty block read by another cache stays dirty in its owner, which
 * keeps supplying it cache to cache and writes it back only on eviction — memory is not updated.
 */
import { defineProtocol } from '../protocol';
import {
  defaultCell,
  invalidRow,
  invalidState,
  transientRows,
  transientStates,
  victimLeaves,
} from './snooping-common';
import { SNOOPING_ACTIONS, SNOOPING_EVENTS } from './snooping-vocabulary';

export const MOESI = defineProtocol({
  name: 'MOESI',
  source: 'Sweazey & Smith (ISCA 1986); Sorin, Hill & Wood (2011), §7.5.1; seed 000 §B.0',
  events: SNOOPING_EVENTS,
  actions: SNOOPING_ACTIONS,
  states: {
    M: {
      desc: 'Modified: the only copy, dirty, writable',
      perm: 'write',
      owner: true,
      transient: false,
    },
    O: {
      desc: 'Owned: dirty and shared; supplies readers, writes back on eviction',
      perm: 'read',
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
      desc: 'Shared: read-only; memory may be stale if an O copy exists',
      perm: 'read',
      owner: false,
      transient: false,
    },
    ...invalidState,
    ...transientStates,
    OM_A: {
      desc: 'O→M: store to an owned block, waiting for the bus to invalidate the others',
      perm: 'read',
      owner: true,
      transient: true,
    },
    OM_D: { desc: 'O→M: invalidation on the bus', perm: 'read', owner: true, transient: true },
    OI_A: {
      desc: 'Owned victim in the write-back buffer, waiting for the bus',
      perm: 'none',
      owner: true,
      transient: true,
    },
  },
  rows: {
    M: {
      Load: ['M', ['hit']],
      Store: ['M', ['hit']],
      Replacement: ['MI_A', ['toWbBuffer']],
      OtherRd: ['O', ['supplyData', 'assertShared']],
      OtherRdX: ['I', ['supplyData']],
      OtherInv: {
        kind: 'impossible',
        why: 'a cache in M holds the only copy: nobody else can upgrade',
      },
    },
    O: {
      Load: ['O', ['hit']],
      Store: ['OM_A', ['requestBus']],
      Replacement: ['OI_A', ['toWbBuffer']],
      OtherRd: ['O', ['supplyData', 'assertShared']],
      OtherRdX: ['I', ['supplyData']],
      // A sharer upgrades; it holds the same (dirty) data and becomes the owner.
      OtherInv: ['I'],
    },
    E: {
      Load: ['E', ['hit']],
      Store: ['M', ['hit']],
      Replacement: ['I'],
      OtherRd: ['S', ['assertShared']],
      OtherRdX: ['I'],
      OtherInv: {
        kind: 'impossible',
        why: 'a cache in E holds the only copy: nobody else can upgrade',
      },
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
    OM_A: {
      Grant: ['OM_D'],
      OtherRd: ['OM_A', ['supplyData', 'assertShared']],
      OtherRdX: ['IM_AD', ['supplyData']],
      OtherInv: ['IM_AD'],
    },
    OM_D: { Done: ['M', ['performStore']] },
    // A reader of a dirty victim shares it: the buffer entry becomes an owned victim.
    MI_A: { ...transientRows.MI_A, OtherRd: ['OI_A', ['supplyData', 'assertShared']] },
    OI_A: {
      Load: victimLeaves,
      Store: victimLeaves,
      Grant: ['I', ['writeBackToMemory']],
      OtherRd: ['OI_A', ['supplyData', 'assertShared']],
      OtherRdX: ['I', ['supplyData', 'cancelWriteback']],
      OtherInv: ['I', ['cancelWriteback']],
    },
  },
  otherwise: defaultCell,
});
