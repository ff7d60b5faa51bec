/**
 * FLASH's costs (seed 003 L76-77, L84, L93-144; round2-spec §B2.2), each with its clock domain and
 * where it comes from: a seed line, a reading of one ([reading]), a value the seed does not give
 * ([default]) or one fitted to a published result and then frozen ([calibrated]). A scenario may
 * override any of them (`system.costs`); docs/fidelity/flash.md explains every one.
 *
 * Domains (round2-spec S6): `system` costs are 10-ns MAGIC cycles [003 L76], the simulated cycle;
 * `cpu` costs are 5-ns processor cycles, turned into system cycles at 0.5 a cycle, rounded up
 * [reading]; `network` costs are the interconnect's, counted in system cycles [003 L77].
 */

export type ClockDomain = 'cpu' | 'system' | 'network';

export interface CostSpec {
  value: number;
  domain: ClockDomain;
  source: string;
  what: string;
}

const sys = (value: number, source: string, what: string): CostSpec => ({
  value,
  domain: 'system',
  source,
  what,
});

export const FLASH_COSTS = {
  // The processor side.
  cpuOp: {
    value: 2,
    domain: 'cpu',
    source: '[reading] 003 L76',
    what: 'one processor instruction that reaches MAGIC: an uncached store or load issued',
  },
  procInterface: sys(
    3,
    '[calibrated] Table 1 initiation 41 [003 L84]',
    'processor ↔ MAGIC, one way',
  ),
  libraryOverhead: sys(
    0,
    '[calibrated] Table 3 − Fig. 6 = 0.6 µs [003 L81, L148-157]',
    'the message library on the sending processor before its command sequence',
  ),
  retry: sys(40, '[default] 003 L25', 'the library waits before retrying a NACKed commit'),
  faultService: sys(200, '[default]', 'the OS finds a new translation after an address fault'),
  // MAGIC's macropipeline.
  inbox: sys(1, '[default] 003 L10', 'Inbox: select a message and its handler (overlaps the PP)'),
  outbox: sys(1, '[default] 003 L10', 'Outbox: hand a message to its port'),
  // Command-sequence handlers.
  cmdWrite: sys(
    6,
    '[calibrated] Table 1 initiation 41',
    'decode an uncached write into the record',
  ),
  shadowWrite: sys(
    6,
    '[calibrated] Table 1 initiation 41',
    'take an authentic page from a shadow write',
  ),
  commit: sys(15, '[calibrated] Table 1 initiation 41', 'validate the record, answer ACK or NACK'),
  pidSwitch: sys(4, '[default] 003 L15', 'note the PID the OS now runs'),
  localMiss: sys(
    19,
    '[calibrated] 27-cycle local miss [003 L77]',
    'coherence handler for a local read',
  ),
  // Transfer set-up.
  setupVerify: sys(52, '[calibrated] Table 1 set-up 116', 'verify the command and the credit'),
  xlateAdd: sys(9, '003 L60', 'add a page to the translation hash table'),
  setupTemplates: sys(58, '[calibrated] Table 1 set-up 116', 'build the header templates'),
  // The transfer handler (Table 2, Figs. 8-10).
  stateLoad: sys(8, '[reading] Table 2 [003 L98]', 'load the transfer state from the record'),
  xferInit: sys(
    7,
    '[reading] Table 2 [003 L98]',
    'allocate a data buffer and stack, extract the address',
  ),
  dirCheck: sys(2, '[reading] Table 2 [003 L99]', 'load the directory entry and check it'),
  readIssue: sys(1, 'memory read at PP cycle 18 [003 L116]', 'issue the memory fill (lblock)'),
  headerForm: sys(8, '[reading] Table 2 [003 L104]', 'form the header: sequence number, templates'),
  sendUpdate: sys(7, '[reading] Table 2 [003 L105]', 'send the component, store the state back'),
  reschedule: sys(
    3,
    '[reading] C4 saves 13.7 [003 L144]',
    'put the operation back on the software queue',
  ),
  speculate: sys(
    15,
    'cache get at 17, stall at 32 [003 L121-124]',
    'speculative work during a cache get',
  ),
  dirtyFinish: sys(7, '[reading] Table 2 [003 L101-102]', 'update the directory, write back, send'),
  unalignedLine: sys(
    3,
    '[calibrated] 10-37 % at C4 [003 L144]',
    'two-buffer load and wrap, per line',
  ),
  unalignedInvocation: sys(
    20,
    '[calibrated] 10-37 % at C4 [003 L144]',
    'extra load and buffer per invocation',
  ),
  // Memory and the processor cache as MAGIC sees them [003 L77].
  memFirstWord: sys(14, '003 L77', 'memory: first 64-bit word after the address'),
  memLastWord: sys(29, '003 L77', 'memory: last word of the line (15 more)'),
  memIssueGap: sys(16, '003 L77 (pipelined)', 'memory: a new address during the transfer stage'),
  memWrite: sys(17, '[default]', 'memory: write a line from a data buffer'),
  cacheState: sys(23, '003 L77', 'processor cache: the line state after an intervention'),
  cacheFirstWord: sys(28, '003 L77', 'processor cache: the first data word'),
  cacheLastWord: sys(43, '003 L77, L82', 'processor cache: the last word (not pipelined)'),
  cacheTurnaround: sys(
    2,
    '[calibrated] 4 KB dirty 17.7 µs [003 L84]',
    'the cache port between transfers',
  ),
  // The receiver (seed gives no occupancies: round2-spec §B2.2).
  recvCheck: sys(5, '[calibrated] Table 1 network 45', 'check the PID tag, record and directory'),
  recvFinish: sys(
    35,
    '[calibrated] Table 3 U/U bidirectional',
    'count the line, update the record',
  ),
  recvInvalidate: sys(
    1,
    '[default] digest §B.8',
    "post an invalidation of the processor's clean copy",
  ),
  recvMerge: sys(4, '[default] digest §B.8', "merge a line retrieved from the processor's cache"),
  cleanup: sys(58, 'Table 1 [003 L84]', 'receiver clean-up at completion'),
  credit: sys(10, '[default] 003 L79', 'record the space the receiver posted'),
  // Address validity [003 L34-60].
  remap: sys(10, '[default] 003 L57', 'find the page in the hash table; invalidate its uses'),
  fault: sys(6, '[default] 003 L59', 'interrupt the processor with the VPN and PID'),
  // Global coherence (lines dirty at a third node [003 L158]).
  getSend: sys(5, '[default]', 'send a get for a line owned by another node'),
  ownerGet: sys(5, '[default]', 'owner: check the directory, get the line from its cache'),
  ownerReply: sys(
    20,
    '[calibrated] 20.6 µs pipelined [003 L158]',
    'owner: form and send the reply',
  ),
  collectLine: sys(12, '[default]', 'home: write back a collected line'),
  forwardLine: sys(14, '[default]', 'home: write back and forward a line as a component'),
} as const satisfies Record<string, CostSpec>;

export type CostName = keyof typeof FLASH_COSTS;
export const COST_NAMES = Object.keys(FLASH_COSTS) as CostName[];

/** The costs a run uses: the table's values with a scenario's overrides, in system cycles. */
export type Costs = Readonly<Record<CostName, number>>;

/** A cost in system cycles (cpu-domain costs at 0.5 a cycle, rounded up). */
export const inSystemCycles = (name: CostName, value: number): number =>
  FLASH_COSTS[name].domain === 'cpu' ? Math.ceil(value / 2) : value;

export function resolveCosts(overrides: Partial<Record<CostName, number>>): Costs {
  return Object.fromEntries(
    COST_NAMES.map((n) => [n, inSystemCycles(n, overrides[n] ?? FLASH_COSTS[n].value)]),
  ) as Record<CostName, number>;
}
