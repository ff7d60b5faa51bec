/**
 * FUGU's costs as data (seed 004 Table 4-4 L839-863, Table 4-5 L897-905, L913-915, L1569): every
 * stage a processor spends on a message, with its cycles in each of Table 4-4's three columns —
 * FUGU in kernel mode (unprotected Alewife kernel messages), hard atomicity (the projected
 * revocable-interrupt-disable hardware) and soft atomicity (FUGU as built, atomicity emulated in
 * software). The processor runs these stages one after another (routines.ts); each becomes one
 * slice of the phase ledger, so the timing and the picture are the same list. A stage of 0 cycles
 * in a column does not exist there (Table 4-4's "–").
 */
import type { PhaseCategory } from '../../ledger/phase-events';

export const ATOMICITY_NAMES = ['kernel', 'hard', 'soft'] as const;
export type Atomicity = (typeof ATOMICITY_NAMES)[number];

/** Table 4-4's column headings, as the seed writes them. */
export const ATOMICITY_LABELS: Readonly<Record<Atomicity, string>> = {
  kernel: 'FUGU kernel mode (unprotected)',
  hard: 'hard atomicity (projected)',
  soft: 'soft atomicity (as built)',
};

/** The seed's breakdowns a stage belongs to (a slice's `part`). */
export const PARTS = {
  send: 'Table 4-4 send',
  interrupt: 'Table 4-4 receive (interrupt)',
  polling: 'Table 4-4 receive (polling)',
  insert: 'Table 4-5 insert',
  extract: 'Table 4-5 extract',
  os: 'OS',
  handler: 'handler body',
} as const;

export interface StageSpec {
  /** The seed's own words for the stage. */
  label: string;
  cycles: Readonly<Record<Atomicity, number>>;
  /** Extra cycles per argument word (Table 4-4's note; Table 4-5's extraction is in extractCycles). */
  perArg?: number;
  /** Who spends the time: the kernel stub, the user's handler or thread, the OS. */
  actor: 'stub' | 'handler' | 'thread' | 'kernel' | 'PhOS';
  /** Kernel stages cannot be interrupted; user stages can (and only user cycles run the timer). */
  mode: 'kernel' | 'user';
  category: PhaseCategory;
  part: (typeof PARTS)[keyof typeof PARTS] | null;
  source: string;
}

const all = (n: number) => ({ kernel: n, hard: n, soft: n });

/** Every stage, by name. */
export const STAGES = {
  // Table 4-4, message send [004 L841-843]: 6 cycles for the 2-word null message, +3 per argument:
  // 3 cycles per word stored [reading] (stores.ts paces the describe cursor by it).
  describe: {
    label: 'Descriptor construction',
    cycles: all(6),
    perArg: 3,
    actor: 'thread',
    mode: 'user',
    category: 'host-sw',
    part: PARTS.send,
    source: '[004 L841, L863]',
  },
  launch: {
    label: 'launch',
    cycles: all(1),
    actor: 'thread',
    mode: 'user',
    category: 'host-sw',
    part: PARTS.send,
    source: '[004 L842]',
  },
  // Table 4-4, receive by interrupt [004 L844-856].
  interrupt: {
    label: 'Interrupt overhead',
    cycles: all(6),
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L845]',
  },
  registerSave: {
    label: 'Register save',
    cycles: all(16),
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L846]',
  },
  gidCheck: {
    label: 'GID check',
    cycles: { kernel: 0, hard: 10, soft: 10 },
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L847]',
  },
  timerSetup: {
    label: 'Timer setup',
    cycles: { kernel: 0, hard: 1, soft: 13 },
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L848]',
  },
  bufferingCheck: {
    label: 'Virtual buffering overhead',
    cycles: { kernel: 0, hard: 8, soft: 8 },
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L849]',
  },
  dispatch: {
    label: 'Dispatch (+ upcall)',
    cycles: { kernel: 10, hard: 13, soft: 13 },
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L850]',
  },
  nullHandler: {
    label: 'Null handler (w/dispose)',
    cycles: all(5),
    perArg: 2,
    actor: 'handler',
    mode: 'user',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L852, L863]',
  },
  upcallCleanup: {
    label: 'Upcall cleanup',
    cycles: { kernel: 0, hard: 10, soft: 10 },
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L853]',
  },
  timerCleanup: {
    label: 'Timer cleanup',
    cycles: { kernel: 0, hard: 1, soft: 17 },
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L854]',
  },
  registerRestore: {
    label: 'Register restore',
    cycles: all(17),
    actor: 'stub',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.interrupt,
    source: '[004 L855]',
  },
  // Table 4-4, receive by polling [004 L857-861]; soft atomicity has no polling column (n.a.).
  poll: {
    label: 'Poll',
    cycles: { kernel: 3, hard: 3, soft: 0 },
    actor: 'thread',
    mode: 'user',
    category: 'host-sw',
    part: PARTS.polling,
    source: '[004 L858]',
  },
  pollDispatch: {
    label: 'Dispatch',
    cycles: { kernel: 5, hard: 5, soft: 0 },
    actor: 'thread',
    mode: 'user',
    category: 'host-sw',
    part: PARTS.polling,
    source: '[004 L859]',
  },
  pollHandler: {
    label: 'Null handler (w/dispose)',
    cycles: { kernel: 1, hard: 1, soft: 0 },
    perArg: 2,
    actor: 'handler',
    mode: 'user',
    category: 'host-sw',
    part: PARTS.polling,
    source: '[004 L860, L863]',
  },
  // Table 4-5 [004 L899-905]: the kernel's mismatch-available handler, an upcall into PhOS.
  insert: {
    label: 'Buffer insert (mismatch-available)',
    cycles: all(180),
    actor: 'PhOS',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.insert,
    source: '[004 L899]',
  },
  vmalloc: {
    label: 'vmalloc of a fresh page',
    // The maximum handler (3,162) less the minimum (180) [004 L901].
    cycles: all(3162 - 180),
    actor: 'PhOS',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.insert,
    source: '[004 L901] (3,162 − 180)',
  },
  extract: {
    label: 'Execute null handler from buffer',
    cycles: all(52),
    actor: 'thread',
    mode: 'user',
    category: 'host-sw',
    part: PARTS.extract,
    source: '[004 L903, L913-915]',
  },
  threadStart: {
    label: 'Schedule the message-handling thread',
    // Calibrated: about 1,400 for an isolated message [004 L903] less insert 180 and extract 52.
    cycles: all(1400 - 180 - 52),
    actor: 'PhOS',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.os,
    source: 'calibrated to [004 L903] (≈1,400 − 180 − 52)',
  },
  crossDomain: {
    label: 'Cross-domain context switch',
    cycles: all(30),
    actor: 'kernel',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.os,
    source: '[004 L1569]',
  },
  // The OS's own work the seed gives no number for [default] (docs/fidelity/fugu.md).
  revoke: {
    label: 'Atomicity timeout: revoke, enter buffered mode',
    cycles: all(40),
    actor: 'kernel',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.os,
    source: 'default',
  },
  faultEntry: {
    label: 'Page fault in handler: switch to buffered mode',
    cycles: all(40),
    actor: 'kernel',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.os,
    source: 'default',
  },
  scheduler: {
    label: 'Scheduler (end of timeslice)',
    cycles: all(0),
    actor: 'kernel',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.os,
    source: 'default',
  },
  pageFault: {
    label: 'Demand-zero page fault',
    cycles: all(0),
    actor: 'kernel',
    mode: 'kernel',
    category: 'host-sw',
    part: PARTS.os,
    source: 'default',
  },
  // The user thread's own work: in the ledger only when it serves a message.
  compute: {
    label: 'Compute',
    cycles: all(0),
    actor: 'thread',
    mode: 'user',
    category: 'host-sw',
    part: null,
    source: 'scenario',
  },
  spin: {
    label: 'Wait (spin)',
    cycles: all(0),
    actor: 'thread',
    mode: 'user',
    category: 'wait',
    part: null,
    source: 'scenario',
  },
  interactive: {
    label: 'Interactive work',
    cycles: all(0),
    actor: 'thread',
    mode: 'user',
    category: 'host-sw',
    part: null,
    source: 'scenario',
  },
  body: {
    label: 'Handler body',
    cycles: all(0),
    actor: 'handler',
    mode: 'user',
    category: 'host-sw',
    part: PARTS.handler,
    source: 'scenario',
  },
} as const satisfies Record<string, StageSpec>;

export type StageName = keyof typeof STAGES;

/** Cycles of a stage in a column for a message of `args` argument words. */
export const stageCycles = (stage: StageName, atomicity: Atomicity, args: number): number => {
  const s: StageSpec = STAGES[stage];
  return s.cycles[atomicity] + (s.perArg ?? 0) * args;
};

/**
 * Extracting a message from the buffer: 52 for the null message, which includes the one expected
 * cache miss on the header's line, plus 2 cycles per further word read from DRAM and 10 per further
 * 16-byte line missed [004 L913-915] — 4.5 per argument word at 8 arguments, Table 4-5's "about
 * 4.5" [004 L905].
 */
export function extractCycles(args: number): number {
  const lines = Math.ceil((2 + args) / 4);
  return STAGES.extract.cycles.soft + 2 * args + 10 * (lines - 1);
}

/** Table 4-4's receive stages by interrupt, in order, split at the upcall into the handler. */
export const UPCALL_ENTRY = [
  'interrupt',
  'registerSave',
  'gidCheck',
  'timerSetup',
  'bufferingCheck',
  'dispatch',
] as const satisfies readonly StageName[];
export const UPCALL_EXIT = [
  'upcallCleanup',
  'timerCleanup',
  'registerRestore',
] as const satisfies readonly StageName[];
export const POLL_STAGES = [
  'poll',
  'pollDispatch',
  'pollHandler',
] as const satisfies readonly StageName[];

/** Table 4-4's totals as the seed prints them, for the ledger's "seed column" [004 L839-861]. */
export const TABLE_4_4_TOTALS: Readonly<
  Record<Atomicity, { send: number; subtotal: number; interrupt: number; polling: number | null }>
> = {
  kernel: { send: 7, subtotal: 32, interrupt: 54, polling: 9 },
  hard: { send: 7, subtotal: 54, interrupt: 87, polling: 9 },
  soft: { send: 7, subtotal: 66, interrupt: 115, polling: null },
};
