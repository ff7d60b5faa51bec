/**
 * Every cost of the EDT model, a scenario field each, with where its default comes from (round2-spec
 * §B1.2 "Costs"; digest seed-002-edt.md §C). One simulated cycle is one host cycle: 1 ns at the
 * 1 GHz host [002 L172]; the bus and the NI processor run at 100 MHz [002 L177, L179], so one of
 * their cycles is 10 host cycles. Bus costs are given in bus cycles, the NI processor's in NI
 * cycles, the host's in host cycles. `[calibrated]` costs were fitted once to the paper's 17 % and
 * 38 % gains and then frozen (docs/fidelity/edt.md).
 */

/** Bus occupancy parts, in bus cycles (one bus cycle = `busCycle` host cycles). */
export interface EdtBusCosts {
  /** Host cycles per bus cycle: 1 GHz host over a 100 MHz bus [002 L172, L177]. */
  busCycle: number;
  /** Bytes per data beat: the bus is 128 bits wide [002 L176]. */
  beatBytes: number;
  arbitration: number;
  memoryLatency: number;
  interventionLatency: number;
  invalidate: number;
  retry: number;
  uncachedStore: number;
  uncachedLoad: number;
}

export interface EdtHostCosts {
  /** Host cycles one 8-byte store of the message takes when it hits. */
  store: number;
  /** The L1's line, and the L2's latency a store pays on its first touch of an L1 line. */
  l1LineBytes: number;
  l2Latency: number;
  /** Host cycles between two polls of the completion queue. */
  poll: number;
  /** Host cycles of the library call before the message's first store (VipPostSend's entry). */
  call: number;
}

export interface EdtNiCosts {
  /** NI cycles from a snooped write-invalidate to the NI's read request (δ_fetch). */
  fetchDelay: number;
  /** VI-MSG's send and receive processing per message, in NI cycles. */
  viMsgSend: number;
  viMsgReceive: number;
  /** VI-MSG's extra processing per fragment beyond the first (fragmentation, reassembly). */
  viMsgFragment: number;
  /** VI-MSG's handling of a posted receive descriptor. */
  viMsgPost: number;
  /** Host cycles per NI cycle: a 100 MHz NI processor [002 L179]. */
  niCycle: number;
}

export interface EdtDmaCosts {
  /** Fraction of the 1,600 MB/s peak the host-side DMA achieves (0 < rate ≤ 1) [002 L180, L194]. */
  rate: number;
  /** NI cycles to program the engine, and to take its completion interrupt [002 L205-207]. */
  init: number;
  intr: number;
  /** The derating slows the whole engine, Init and Intr included [reading, round2-spec B1.2]. */
  rateScalesSetup: boolean;
}

/** A cost's unit and where its default comes from, as docs/fidelity/edt.md and the CLI tell it. */
export interface CostSource {
  unit: string;
  source: string;
}

/** [calibrated] DMA Init + Intr and the VI-MSG base cost: fitted once, then frozen. */
export const CALIBRATED = {
  dmaInit: 8,
  dmaIntr: 12,
  viMsgSend: 240,
  viMsgReceive: 240,
} as const;

export const DEFAULT_BUS: EdtBusCosts = {
  busCycle: 10,
  beatBytes: 16,
  arbitration: 2,
  memoryLatency: 6,
  interventionLatency: 4,
  invalidate: 2,
  retry: 2,
  uncachedStore: 2,
  uncachedLoad: 2,
};

export const DEFAULT_HOST: EdtHostCosts = {
  store: 1,
  l1LineBytes: 32,
  l2Latency: 10,
  poll: 4,
  call: 20,
};

export const DEFAULT_NI: EdtNiCosts = {
  fetchDelay: 8,
  viMsgSend: CALIBRATED.viMsgSend,
  viMsgReceive: CALIBRATED.viMsgReceive,
  viMsgFragment: 50,
  viMsgPost: 50,
  niCycle: 10,
};

export const DEFAULT_DMA: EdtDmaCosts = {
  rate: 1,
  init: CALIBRATED.dmaInit,
  intr: CALIBRATED.dmaIntr,
  rateScalesSetup: false,
};

/** Where each default comes from (the settings panel, the CLI and docs/fidelity/edt.md). */
export const COST_SOURCES: Readonly<Record<string, CostSource>> = {
  'bus.busCycle': {
    unit: 'host cycles',
    source: 'derived: 1 GHz host, 100 MHz bus [002 L172, L177]',
  },
  'bus.beatBytes': { unit: 'bytes', source: 'derived: 128-bit bus [002 L176]' },
  'bus.arbitration': { unit: 'bus cycles', source: 'default (arbitration + address; digest §C.4)' },
  'bus.memoryLatency': {
    unit: 'bus cycles',
    source: 'default (memory to first beat; digest §C.4)',
  },
  'bus.interventionLatency': {
    unit: 'bus cycles',
    source: 'default (cache to first beat; faster than memory, as intv < retry needs [002 L203])',
  },
  'bus.invalidate': { unit: 'bus cycles', source: 'default (address only)' },
  'bus.retry': { unit: 'bus cycles', source: 'default (an address-only answer)' },
  'bus.uncachedStore': { unit: 'bus cycles', source: 'default (the doorbell)' },
  'bus.uncachedLoad': { unit: 'bus cycles', source: 'default' },
  'host.store': { unit: 'host cycles', source: 'default (L1 hit latency 1 [002 L173])' },
  'host.l1LineBytes': { unit: 'bytes', source: 'L1 line 32 B [002 L173]' },
  'host.l2Latency': {
    unit: 'host cycles',
    source: 'L2 latency 10 cycles [002 L174], paid by a store on its first touch of an L1 line',
  },
  'host.poll': { unit: 'host cycles', source: 'default (load, test, branch)' },
  'host.call': { unit: 'host cycles', source: 'default (library entry)' },
  'ni.fetchDelay': {
    unit: 'NI cycles',
    source:
      'default δ_fetch: longer than writing a block (16 stores and four L1-line touches of the L2, 56 cycles), so the best case holds [002 L134-136]',
  },
  'ni.viMsgSend': {
    unit: 'NI cycles',
    source: 'calibrated on the 17 % and 38 % gains [002 L7, L194]',
  },
  'ni.viMsgReceive': {
    unit: 'NI cycles',
    source: 'calibrated with ni.viMsgSend (the VI-MSG base cost)',
  },
  'ni.viMsgFragment': {
    unit: 'NI cycles',
    source: 'default: Transport grows past the MTU [002 L189, L203]; digest §C.4',
  },
  'ni.viMsgPost': { unit: 'NI cycles', source: 'default (off the measured path)' },
  'ni.niCycle': { unit: 'host cycles', source: 'derived: 100 MHz NI processor [002 L179]' },
  'dma.rate': { unit: 'of 1,600 MB/s', source: 'peak [002 L180]; 0.75 and 0.5 in [002 L194]' },
  'dma.init': { unit: 'NI cycles', source: 'calibrated (DMA Init + Intr) [002 L7, L194]' },
  'dma.intr': { unit: 'NI cycles', source: 'calibrated with dma.init' },
  'dma.rateScalesSetup': {
    unit: '',
    source: 'reading: round2-spec B1.2 (derating the whole engine)',
  },
};
