/**
 * The phase ledger (round2-spec §A.2 S4): one event kind any model emits for a slice of a
 * message's latency, so one view, the message bench and the fidelity rows can draw and sum any
 * model's latency anatomy (FUGU Table 4-4, FLASH Table 1, EDT Fig. 8, Cranium Fig. 6.1).
 */

/** Where a slice of latency went, the bench's common axis (round2-spec §A.3 item 6). */
export const PHASE_CATEGORIES = [
  'host-sw',
  'ni-sw',
  'ni-hw',
  'bus',
  'memory',
  'network',
  'wait',
] as const;

export type PhaseCategory = (typeof PHASE_CATEGORIES)[number];

/** What each category holds, in a student's words (legends, tables, the bench). */
export const PHASE_CATEGORY_INFO: Readonly<
  Record<PhaseCategory, { label: string; what: string; software: boolean }>
> = {
  'host-sw': {
    label: 'host software',
    what: "the sending or receiving processor's own code: library calls, stores, polls, handlers",
    software: true,
  },
  'ni-sw': {
    label: 'NI software',
    what: "code the network interface's own processor runs (firmware, protocol handlers)",
    software: true,
  },
  'ni-hw': {
    label: 'NI hardware',
    what: "the network interface's hardware: DMA set-up and transfer, packet assembly, lookups",
    software: false,
  },
  bus: {
    label: 'bus',
    what: 'transactions on the memory or I/O bus: reads, invalidations, write-backs',
    software: false,
  },
  memory: { label: 'memory', what: 'memory and cache accesses off the bus', software: false },
  network: { label: 'network', what: 'from entering the network to leaving it', software: false },
  wait: {
    label: 'waiting',
    what: 'time spent waiting for a resource, a credit or the other side',
    software: false,
  },
};

/**
 * One slice of one message's latency. Emitted no later than the cycle it ends in: at its start
 * when its end is already known (a fixed cost), else at its end. Views draw it from `start` to
 * the smaller of `end` and the current cycle, so a slice announced early grows as time passes.
 */
export interface PhaseSlice {
  /** The model's id for the message the slice belongs to. */
  message: number;
  node: number;
  /** Who spends the time: "CPU", "NI", "DMA", "PP", "bus". */
  actor: string;
  /** The step, in the seed's words where it has them: "Send1: user data", "DMA init". */
  phase: string;
  category: PhaseCategory;
  /** The seed's own breakdown the slice belongs to ("Data Transfer", Table 4-4's "interrupt"), if any. */
  part: string | null;
  /** First cycle of the slice, and the cycle after its last (end − start cycles long). */
  start: number;
  end: number;
  /** Where the cost comes from: a seed citation ("[002 L64]"), "default" or "calibrated". */
  source: string;
}

export type PhaseEventBody = { kind: 'phase' } & PhaseSlice;
