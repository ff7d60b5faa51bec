/**
 * The EDT NI's per-block status as a table of its own vocabulary (seed 002 §4; digest §B.5): each
 * block of NI memory that shadows a registered host block has a status ST [002 L84] — M, S or I
 * when the NI receives through coherence, V or I when it receives as a DMA engine [002 L108,
 * L118-120]; two bits, though the paper calls it a bit (digest §H-3). The NI reacts to what it
 * snoops of the host (reads and write-invalidates), to its own bus transactions ending, and to
 * the network's data landing. A table per receive mode; a counterfactual NI that does not assert
 * SHARED is the same table with that action left out (digest §H-4).
 */
import {
  defineProtocol,
  impossible,
  type ActionSpec,
  type Cell,
  type EventSpec,
  type Protocol,
  type StateSpec,
} from '../../memory/protocol';

export const EDT_NI_EVENTS = {
  InitRead: {
    from: 'registration',
    desc: 'Registration: the NI reads the block into NI memory [002 L110]',
  },
  HostRead: { from: 'snoop', desc: 'The host reads the block (RD); a TAG entry matches' },
  HostWrite: {
    from: 'snoop',
    desc: 'The host takes the block to write it (INV, RDX or ITOM); a TAG entry matches [002 L114]',
  },
  FetchDone: {
    from: 'own bus',
    desc: "The NI's read (RD) of the block ends: the data is in NI memory",
  },
  InvDone: {
    from: 'own bus',
    desc: "The NI's invalidation (INV) of the host's copies ends [002 L118]",
  },
  WbDone: {
    from: 'own bus',
    desc: "The NI's write-back (WB) of the block to host memory ends [002 L120]",
  },
  NetData: {
    from: 'network',
    desc: "An arriving message's data for the block lands in NI memory (the Pkt-to-Addr table) [002 L118]",
  },
} as const satisfies Record<string, EventSpec>;

export type EdtNiEvent = keyof typeof EDT_NI_EVENTS;

export const EDT_NI_ACTIONS = {
  fill: { code: 'f', desc: 'Put the arriving data in NI memory' },
  assertShared: { code: 'sh', desc: 'Assert SHARED: the host gets S, never E [002 L108-110]' },
  scheduleFetch: {
    code: 'sf',
    desc: 'Read the block δ_fetch after the invalidation ends (unless a read is due)',
  },
  supplyData: { code: 'sd', desc: 'Supply the block to the host from NI memory' },
  invalidateHost: { code: 'iv', desc: "Queue an invalidation (INV) of the host's copies" },
  writeBack: { code: 'wb', desc: 'Queue a write-back (WB) of the block to host memory' },
  publish: { code: 'p', desc: "The NI's data becomes the block's current value" },
} as const satisfies Record<string, ActionSpec>;

export type EdtNiAction = keyof typeof EDT_NI_ACTIONS;
export type EdtNiProtocol = Protocol<EdtNiEvent, EdtNiAction>;

const state = (desc: string, perm: StateSpec['perm'], owner: boolean, transient = false) => ({
  desc,
  perm,
  owner,
  transient,
});

const SHARED_STATES: Record<string, StateSpec> = {
  S: state(
    'Shared: NI memory holds the block as the host last wrote it; ready to send',
    'read',
    false,
  ),
  I: state('Invalid: the host has written the block since; a read is due', 'none', false),
};

const noReadBeforeNotice = impossible(
  'the host reads a receive buffer only after the completion notice [002 L116]',
);
const hostNeverWritesReceive = impossible('the host only reads a receive buffer');
const onceOnly = impossible('registration reads each block once, before any other event');
const noOwnRequest = (what: string) => impossible(`the NI has issued no ${what} for this block`);

/** Rows every mode shares: the send side, with or without SHARED. */
function sendRows(shared: boolean) {
  const read = shared ? (['assertShared'] as const) : ([] as const);
  return {
    I: {
      InitRead: ['S', ['fill']] as const,
      HostRead: ['I', read] as const,
      HostWrite: ['I', ['scheduleFetch']] as const,
      FetchDone: ['S', ['fill']] as const,
    },
    S: {
      InitRead: onceOnly,
      HostRead: ['S', read] as const,
      HostWrite: ['I', ['scheduleFetch']] as const,
      FetchDone: impossible('the NI reads a block only when its copy is invalid'),
    },
  };
}

const otherwise = (s: string, event: EdtNiEvent): Cell<EdtNiAction> => {
  const from = EDT_NI_EVENTS[event].from;
  if (from === 'own bus')
    return noOwnRequest(
      event === 'FetchDone' ? 'read' : event === 'InvDone' ? 'invalidation' : 'write-back',
    );
  if (from === 'registration') return onceOnly;
  return impossible(`${s} cannot meet ${event}`);
};

export type ReceiveMode = 'dma-engine' | 'coherent';

/** The NI's table for a receive mode; `shared` false is the counterfactual without SHARED. */
export function edtNiProtocol(mode: ReceiveMode, shared: boolean): EdtNiProtocol {
  const send = sendRows(shared);
  const suffix = shared ? '' : ', no SHARED';
  if (mode === 'dma-engine')
    return defineProtocol({
      name: `EDT NI (DMA-engine receive${suffix})`,
      source: 'seed 002 §4 [L106-120]; digest §B.5.2-B.5.5',
      events: EDT_NI_EVENTS,
      actions: EDT_NI_ACTIONS,
      states: {
        ...SHARED_STATES,
        V: state(
          'Valid: new data from the network, to be written back to host memory',
          'none',
          true,
        ),
      },
      rows: {
        I: { ...send.I, NetData: ['V', ['fill', 'writeBack']] },
        S: { ...send.S, NetData: ['V', ['fill', 'writeBack']] },
        V: {
          HostRead: noReadBeforeNotice,
          HostWrite: hostNeverWritesReceive,
          NetData: impossible(
            'a message lands only in a posted buffer, after the last one was read',
          ),
          WbDone: ['I', ['publish']],
        },
      },
      otherwise,
    });
  return defineProtocol({
    name: `EDT NI (coherent receive${suffix})`,
    source: 'seed 002 §4 [L106-118]; digest §B.5.2-B.5.4',
    events: EDT_NI_EVENTS,
    actions: EDT_NI_ACTIONS,
    states: {
      M: state(
        'Modified: the NI owns the block, newer than memory; it supplies the host',
        'write',
        true,
      ),
      ...SHARED_STATES,
      SM_A: state(
        "S→M: new data from the network, invalidating the host's copies",
        'none',
        true,
        true,
      ),
    },
    rows: {
      M: {
        HostRead: ['S', ['supplyData', ...(shared ? (['assertShared'] as const) : [])]],
        HostWrite: ['I', ['supplyData', 'scheduleFetch']],
        NetData: ['SM_A', ['fill', 'invalidateHost']],
      },
      I: { ...send.I, NetData: ['SM_A', ['fill', 'invalidateHost']] },
      S: { ...send.S, NetData: ['SM_A', ['fill', 'invalidateHost']] },
      SM_A: {
        HostRead: noReadBeforeNotice,
        HostWrite: hostNeverWritesReceive,
        NetData: impossible('a message lands only in a posted buffer, after the last one was read'),
        InvDone: ['M', ['publish']],
      },
    },
    otherwise,
  });
}
