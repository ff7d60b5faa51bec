/**
 * FUGU's state, all plain data (a snapshot is a copy): per node the direct VNI's registers (seed 004
 * §4.1; digest §B.2, §B.19), the processor's kernel stack and the node's pages; per process its
 * place in the process table (sim-core/os), its stack of routines, its program counter and its
 * software buffer; every message; the main network and the ring.
 */
import type { RngState } from '../../kernel/rng';
import type { MessageNetworkState } from '../../net/networks';
import type { NetworkRing } from '../../net/ring';
import type { SwitchReason } from '../../os/context-switch';
import type { ProcessEntry } from '../../os/process-table';
import type { StageName } from './costs';
import type { DispatchRow } from './dispatch-rule';

/** What a routine does when one of its steps ends (actions.ts). */
export type ActionName =
  | 'launch'
  | 'upcall'
  | 'dispose'
  | 'handled'
  | 'endatom'
  | 'crossReturn'
  | 'pollDispose'
  | 'insert'
  | 'bufferDispose'
  | 'crossDispose'
  | 'revoke'
  | 'revokeCrossDomain'
  | 'faultSwitch'
  | 'faultResolved'
  | 'extendThread'
  | 'switch';

/** One stage of a routine: cycles (−1: until its condition holds), and what happens at its end. */
export interface Step {
  stage: StageName;
  cycles: number;
  then: ActionName | null;
  /** A kernel step that leaves interrupts enabled (a page fault being serviced). */
  open?: true;
}

export type RoutineName =
  | 'thread'
  | 'send'
  | 'compute'
  | 'wait'
  | 'poll'
  | 'upcall'
  | 'cross-domain'
  | 'extract'
  | 'insert'
  | 'timeout'
  | 'extend'
  | 'switch'
  | 'interactive';

/** A routine on a stack: its steps, the one running and the cycles it has left. */
export interface Frame {
  routine: RoutineName;
  steps: Step[];
  at: number;
  /** Cycles left in the current step; −1 before it starts. */
  left: number;
  /** The message it serves (−1: none). */
  msg: number;
  /** The process it runs for. */
  pid: number;
  /** The cycle its current step started, and the cycle its first step started. */
  stepStart: number;
  began: number;
  /** The interrupt-disable bit the stub found, restored when the handler returns. */
  savedDisable: boolean;
  /** The handler has disposed its message (after this, a switch cannot roll it back). */
  disposed: boolean;
  /** A wait's messages to go, a poll's messages to go. */
  count: number;
  /** The message it is describing into the send buffer (−1: none), and what it sends. */
  out: number;
  send: SendSpec | null;
}

/** A message a routine is to send: to whom, which handler, how many words. */
export interface SendSpec {
  dstVp: number;
  handler: number;
  args: number;
  dmaBytes: number;
}

export interface Uac {
  interruptDisable: boolean;
  timerForce: boolean;
  disposePending: boolean;
  atomicityExtend: boolean;
}

export const UAC_BITS = [
  'interruptDisable',
  'timerForce',
  'disposePending',
  'atomicityExtend',
] as const;
export type UacBit = (typeof UAC_BITS)[number];

/** The direct VNI of one node (seed 004 §4.1, Tables 4-1 to 4-3). */
export interface UdmNi {
  /** The message being described into the send buffer, and the words stored so far. */
  describing: number;
  descriptorLength: number;
  /** Cycles the current store has been blocked (the network cannot take the message). */
  blocked: number;
  /** Arrived messages, head first: the head is in the receive window [004 L787]. */
  inputQueue: number[];
  messageAvailable: boolean;
  currentGid: number;
  uac: Uac;
  timer: { counter: number; enabled: boolean };
  divertMode: boolean;
  /** The rule row that fired for the head, and the cycle it fired. */
  fired: DispatchRow['id'];
  firedAt: number;
  /** An atomicity timeout waits to be taken. */
  timeoutPending: boolean;
}

export interface FuguNode {
  id: number;
  ni: UdmNi;
  /** Kernel routines run first and cannot be interrupted (insert handler, scheduler, timeout). */
  kernel: Frame[];
  /** The process the processor runs (null: the scheduler or nobody). */
  running: number | null;
  /** A switch is due (a slice ended, a job woke or yielded): taken where a switch may happen. */
  switchDue: SwitchReason | null;
  /** Why the scheduler now running was called, and the process that ran before it. */
  switchWhy: SwitchReason;
  lastRan: number | null;
  /** Pages on the local free-page list, and page frames not yet given out [004 L1031]. */
  freeList: number;
  freeFrames: number;
  /** The most buffer pages its processes held at once. */
  maxPages: number;
  /** What the processor did this cycle, for the timer and the statistics. */
  did: 'user' | 'kernel' | 'idle';
  busy: { user: number; kernel: number; idle: number; interactive: number };
}

/** A process's software buffer: pages of messages, head first [004 L889-915, L1029-1031]. */
export interface MessageBuffer {
  /** Bytes used on each page, head page first. */
  pages: number[];
  /** Buffered messages, oldest first, with the page each sits on (its index in `pages` when inserted, shifted as pages free). */
  queue: { msg: number; bytes: number }[];
  maxPages: number;
}

export interface FuguProcess extends ProcessEntry {
  /** Routines on its stack; the bottom is its thread. */
  frames: Frame[];
  /**
   * The message thread set aside while the user-level thread scheduler gives the program's own
   * thread its turn, and when it comes back; when the message thread last took its turn.
   */
  parked: Frame | null;
  resumeAt: number;
  turnStart: number;
  /** Its program's next operation and the round it is in. */
  pc: number;
  round: number;
  finished: boolean;
  finishedAt: number;
  /** Handlers completed and not yet consumed by a `wait`. */
  arrived: number;
  /** BUFFERED's sub-state: deferred until an atomic section ends, or draining [004 L909]. */
  sub: 'deferred' | 'handling' | null;
  buffer: MessageBuffer;
  /** Overflow control's consume-only mode [004 L1715]; whether it reported its buffer empty. */
  overflow: boolean;
  reportedEmpty: boolean;
  /** The UAC while it is not running (the kernel saves and restores it). */
  savedUac: Uac;
  /** Pages its handlers have touched (a demand-zero fault happens once). */
  pageTouched: boolean;
  /** The next virtual processor an "all" send goes to (0: the send has not begun). */
  fanout: number;
  /** Interactive work waiting, in cycles, and when the next burst arrives. */
  work: number;
  nextWork: number;
  rng: RngState;
  stats: {
    received: number;
    upcall: number;
    poll: number;
    buffered: number;
    crossDomain: number;
    sent: number;
  };
}

export interface FuguMessage {
  id: number;
  src: number;
  dst: number;
  srcVp: number;
  dstVp: number;
  srcPid: number;
  dstPid: number;
  gid: number;
  handler: number;
  args: number;
  dmaBytes: number;
  /** Its place in its sender→receiver pair's order. */
  seq: number;
  describedAt: number;
  launchedAt: number;
  arrivedAt: number;
  /** The handler starts (the payload readable: round2-spec §A.3's end point). */
  deliveredAt: number;
  handledAt: number;
  path: 'fast upcall' | 'poll' | 'buffered' | 'cross-domain' | null;
  /** Receive overhead: the stub's stages, or insert + extract. */
  overhead: number;
  /** Its buffered handler had to wait for a thread woken through the scheduler (isolated, [004 L903]). */
  woke: boolean;
}

/** Overflow control for one application [004 L1059-1065, L1712-1718]. */
export interface OverflowState {
  gid: number;
  active: boolean;
  /** The node that started the episode collects the "empty" reports [digest §B.14, D]. */
  coordinator: number;
  empties: number;
  episodes: number;
}

export interface RingFrame {
  id: number;
  what: 'STOP' | 'EMPTY' | 'RESUME';
  gid: number;
  src: number;
  dst: number;
  sentAt: number;
}

/** What the run has handled so far, summed as it goes (a handled message leaves the state). */
export interface Tally {
  launched: number;
  /** Handlers started and not rolled back; handlers finished. */
  delivered: number;
  handled: number;
  byPath: Record<NonNullable<FuguMessage['path']>, number>;
  /** Receive overhead summed per kind, and how many messages each sum covers. */
  overhead: Record<
    'direct' | 'poll' | 'buffered' | 'isolated' | 'crossDomain',
    [sum: number, count: number]
  >;
  /** Describe to handler start, summed. */
  latency: [sum: number, count: number];
  /** Per application (by GID): messages handled, of which buffered. */
  apps: Record<number, { messages: number; buffered: number }>;
}

export interface FuguState {
  cycle: number;
  halted: boolean;
  nodes: FuguNode[];
  procs: FuguProcess[];
  /** Messages from their describe until their handler ends, by id. */
  messages: Record<number, FuguMessage>;
  nextMessage: number;
  tally: Tally;
  /** Next sequence number per sender→receiver pair ("gid:srcVp>dstVp"). */
  pairSeq: Record<string, number>;
  /** Last sequence handled per pair (the FIFO invariant). */
  pairHandled: Record<string, number>;
  net: MessageNetworkState;
  ring: NetworkRing;
  /** Frames on (or waiting for) the ring, by id. */
  ringFrames: Record<number, RingFrame>;
  nextRingFrame: number;
  overflow: OverflowState[];
}

export const pairKey = (m: Pick<FuguMessage, 'gid' | 'srcVp' | 'dstVp'>) =>
  `${m.gid}:${m.srcVp}>${m.dstVp}`;
