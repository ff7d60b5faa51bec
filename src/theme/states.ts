/**
 * The teaching colour vocabulary for coherence states: the Okabe–Ito colour-blind-safe palette,
 * and every state also carries its letter (and transient states a hatch), so colour is never the
 * only cue. Reused by the cache tables, the bus view, the protocol table and the legend.
 */
export interface StateStyle {
  fill: string;
  ink: string;
  /** Transient states are drawn hatched. */
  hatched: boolean;
}

const stable: Record<string, StateStyle> = {
  M: { fill: '#D55E00', ink: '#000000', hatched: false },
  O: { fill: '#CC79A7', ink: '#1a1a1a', hatched: false },
  E: { fill: '#009E73', ink: '#000000', hatched: false },
  S: { fill: '#0072B2', ink: '#ffffff', hatched: false },
  I: { fill: '#e6e6e6', ink: '#444444', hatched: false },
  // EDT's NI block status V: new data from the network, to be written back (seed 002 L120).
  V: { fill: '#56B4E9', ink: '#000000', hatched: false },
};

const transient: StateStyle = { fill: '#F0C571', ink: '#1a1a1a', hatched: true };

export function stateStyle(state: string): StateStyle {
  return stable[state] ?? transient;
}

/** Short label for a badge: stable states are one letter; transient ones keep their name. */
export function stateLabel(state: string): string {
  return state;
}

export const txnColours: Record<string, string> = {
  RD: '#0072B2',
  RDX: '#D55E00',
  // Ownership without data (a device overwriting a whole block): the last Okabe-Ito hue.
  ITOM: '#F0E442',
  INV: '#CC79A7',
  WB: '#009E73',
  // Uncached 8-byte register accesses of the network interfaces (NI2w, CNI4's status register).
  UCR8: '#56B4E9',
  UCW8: '#E69F00',
  // A snooper's refusal, and a DMA engine's reads and writes (lighter than RD and WB).
  RETRY: '#222222',
  DMARD: '#8AB6D6',
  DMAWR: '#8FD1B5',
};

/** What each bus transaction kind does, for legends and labels. */
export const txnNames: Record<string, string> = {
  RD: 'read',
  RDX: 'read for ownership',
  ITOM: 'ownership without data (whole-block write)',
  INV: 'invalidate',
  WB: 'write-back',
  UCR8: 'uncached 8-byte load',
  UCW8: 'uncached 8-byte store',
  RETRY: 'refused: the owner writes back first',
  DMARD: 'DMA read of a block',
  DMAWR: 'DMA write of a block',
};

/**
 * The Cranium views' states, each with its letter: the processor's cached copy of a page line
 * (I, clean exclusive CE, dirty exclusive DE: coloured as E and M), a queue entry's presence flag,
 * a page line's arrival and an inbox entry's stage.
 */
export const craniumCacheStyle = (state: string): StateStyle =>
  state === 'CE' ? stable.E! : state === 'DE' ? stable.M! : state === 'I' ? stable.I! : transient;

export const queueEntryStyles = {
  flag: { fill: '#56B4E9', ink: '#000000', letter: 'F', name: 'presence flag set: a packet waits' },
  read: { fill: '#e6e6e6', ink: '#333333', letter: 'R', name: 'flag cleared: read, not yet freed' },
  empty: { fill: '#ffffff', ink: '#555555', letter: '', name: 'empty' },
} as const;

export const pageLineStyles = {
  inOrder: { fill: '#cfe3f3', ink: '#111111', letter: '✓', name: 'written in order' },
  outOfOrder: { fill: '#F0C571', ink: '#111111', letter: '!', name: 'written out of order' },
  empty: { fill: '#ffffff', ink: '#555555', letter: '·', name: 'not written' },
} as const;

export const flowStyles: Record<string, { fill: string; ink: string }> = {
  NORMAL: { fill: '#e6f4ee', ink: '#0b4d36' },
  FLUSH: { fill: '#F0C571', ink: '#1a1a1a' },
  FREEZE: { fill: '#a30000', ink: '#ffffff' },
};
