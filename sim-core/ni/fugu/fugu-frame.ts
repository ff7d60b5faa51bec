/**
 * The FUGU frame (everything the UDM NI, delivery, buffer, atomicity and scheduler panels draw at
 * one cycle, self-contained) and the run's statistics: the fraction of messages buffered (f_buf),
 * the measured receive overheads O_dir and O_buf (Table 7-4's terms, [004 L1536-1561]), pages per
 * process and per node, and each application's running time.
 */
import { sliceAt, skewOffset } from '../../os/scheduler';
import { STAGES } from './costs';
import type { DispatchRow } from './dispatch-rule';
import type { FuguConfig } from './fugu-config';
import type { Frame, FuguMessage, FuguState, Uac } from './fugu-state';

export interface FrameView {
  routine: string;
  /** The stage running (or next), and the routine's stages in order. */
  stage: string;
  at: number;
  stages: string[];
  left: number;
  msg: number;
}

export interface QueuedView {
  msg: number;
  gid: number;
  src: number;
  words: number;
}

export interface FuguNodeView {
  id: number;
  running: { pid: number; gid: number; app: string } | null;
  did: 'user' | 'kernel' | 'idle';
  kernel: FrameView[];
  stack: FrameView[];
  ni: {
    describing: QueuedView | null;
    descriptorLength: number;
    blocked: number;
    spaceAvailable: number;
    queue: QueuedView[];
    messageAvailable: boolean;
    currentGid: number;
    uac: Uac;
    timer: { counter: number; timeout: number; enabled: boolean; expired: boolean };
    divertMode: boolean;
    fired: DispatchRow['id'];
    firedAt: number;
  };
  freeList: number;
  freeFrames: number;
  maxPages: number;
  slice: { index: number; slot: number | 'free'; startsAt: number; offset: number };
  busy: { user: number; kernel: number; idle: number; interactive: number };
}

export interface FuguProcessView {
  pid: number;
  gid: number;
  app: string;
  node: number;
  vp: number;
  mode: 'DIRECT' | 'BUFFERED';
  sub: 'deferred' | 'handling' | null;
  running: boolean;
  finished: boolean;
  overflow: boolean;
  policy: string;
  threshold: number | null;
  /** Bytes used on each buffer page, head first; messages buffered; the most pages held. */
  pages: number[];
  buffered: number[];
  maxPages: number;
  stats: FuguState['procs'][number]['stats'];
}

export interface FuguFrame {
  model: 'fugu';
  cycle: number;
  halted: boolean;
  nodes: FuguNodeView[];
  procs: FuguProcessView[];
  network: { msg: number; src: number; dst: number; gid: number; arrivesAt: number }[];
  ring: {
    token: { at: number; arrivesAt: number };
    frames: {
      what: string;
      gid: number;
      src: number;
      dst: number;
      sentAt: number;
      arrivesAt: number;
    }[];
    waiting: { what: string; gid: number; src: number; dst: number }[];
  };
  overflow: { gid: number; active: boolean; coordinator: number; episodes: number }[];
  stats: FuguStats;
}

export interface FuguAppStats {
  name: string;
  gid: number;
  like: string | null;
  background: boolean;
  policy: string;
  /** The cycle its last process finished (−1: not yet). */
  runtime: number;
  messages: number;
  buffered: number;
  fbuf: number | null;
  maxPages: number;
}

export interface FuguStats {
  cycles: number;
  launched: number;
  delivered: number;
  byPath: { 'fast upcall': number; poll: number; buffered: number; 'cross-domain': number };
  /** Buffered messages over delivered ones, over the measured applications. */
  fbuf: number | null;
  /** Mean receive overhead per path, in cycles (the handler's own body left out). */
  overhead: {
    direct: number | null;
    poll: number | null;
    /** Buffered messages handled by a thread already running (a batch: Table 4-5's 232). */
    buffered: number | null;
    /** Buffered messages that had to wake the thread through the scheduler (about 1,400). */
    isolated: number | null;
    crossDomain: number | null;
  };
  meanLatency: number | null;
  apps: FuguAppStats[];
  maxPagesPerProcess: number;
  maxPagesPerNode: number;
  overflowEpisodes: number;
  nodes: {
    id: number;
    user: number;
    kernel: number;
    idle: number;
    interactive: number;
    maxPages: number;
  }[];
}

function frameView(f: Frame): FrameView {
  const step = f.steps[f.at];
  return {
    routine: f.routine,
    stage: step ? STAGES[step.stage].label : '',
    at: f.at,
    stages: f.steps.map((s) => STAGES[s.stage].label),
    left: f.left,
    msg: f.routine === 'send' ? f.out : f.msg,
  };
}

const queued = (m: FuguMessage): QueuedView => ({
  msg: m.id,
  gid: m.gid,
  src: m.src,
  words: 2 + m.args,
});

export function fuguStats(cfg: FuguConfig, s: FuguState): FuguStats {
  const t = s.tally;
  const mean = ([sum, count]: [number, number]) => (count ? sum / count : null);
  let measured = 0;
  let measuredBuffered = 0;
  const apps = cfg.apps.map((a): FuguAppStats => {
    const procs = s.procs.filter((p) => p.gid === a.gid);
    const mine = t.apps[a.gid]!;
    if (!a.background) {
      measured += mine.messages;
      measuredBuffered += mine.buffered;
    }
    return {
      name: a.name,
      gid: a.gid,
      like: a.like,
      background: a.background,
      policy: a.policy,
      runtime:
        !a.background && procs.every((p) => p.finished)
          ? Math.max(...procs.map((p) => p.finishedAt))
          : -1,
      messages: mine.messages,
      buffered: mine.buffered,
      fbuf: mine.messages ? mine.buffered / mine.messages : null,
      maxPages: Math.max(0, ...procs.map((p) => p.buffer.maxPages)),
    };
  });
  return {
    cycles: s.cycle,
    launched: t.launched,
    delivered: t.handled,
    byPath: { ...t.byPath },
    fbuf: measured ? measuredBuffered / measured : null,
    overhead: {
      direct: mean(t.overhead.direct),
      poll: mean(t.overhead.poll),
      buffered: mean(t.overhead.buffered),
      isolated: mean(t.overhead.isolated),
      crossDomain: mean(t.overhead.crossDomain),
    },
    meanLatency: mean(t.latency),
    apps,
    maxPagesPerProcess: Math.max(0, ...s.procs.map((p) => p.buffer.maxPages)),
    maxPagesPerNode: Math.max(0, ...s.nodes.map((n) => n.maxPages)),
    overflowEpisodes: s.overflow.reduce((sum, o) => sum + o.episodes, 0),
    nodes: s.nodes.map((n) => ({ id: n.id, ...n.busy, maxPages: n.maxPages })),
  };
}

export function fuguFrame(
  cfg: FuguConfig,
  s: FuguState,
  inTransit: readonly { msg: number; arrivesAt: number }[],
): FuguFrame {
  const msg = (id: number) => s.messages[id]!;
  return {
    model: 'fugu',
    cycle: s.cycle,
    halted: s.halted,
    nodes: s.nodes.map((n) => {
      const p = n.running === null ? null : s.procs[n.running]!;
      const slice = sliceAt(cfg.scheduler, n.id, s.cycle);
      return {
        id: n.id,
        running: p ? { pid: p.pid, gid: p.gid, app: p.app } : null,
        did: n.did,
        kernel: n.kernel.map(frameView).reverse(),
        stack: p ? p.frames.map(frameView).reverse() : [],
        ni: {
          describing: n.ni.describing >= 0 ? queued(msg(n.ni.describing)) : null,
          descriptorLength: n.ni.descriptorLength,
          blocked: n.ni.blocked,
          spaceAvailable: n.ni.blocked > 0 ? 0 : 16,
          queue: n.ni.inputQueue.map((id) => queued(msg(id))),
          messageAvailable: n.ni.messageAvailable,
          currentGid: n.ni.currentGid,
          uac: { ...n.ni.uac },
          timer: {
            counter: n.ni.timer.counter,
            timeout: cfg.atomicityTimeout,
            enabled: n.ni.timer.enabled,
            expired: n.ni.timeoutPending,
          },
          divertMode: n.ni.divertMode,
          fired: n.ni.fired,
          firedAt: n.ni.firedAt,
        },
        freeList: n.freeList,
        freeFrames: n.freeFrames,
        maxPages: n.maxPages,
        slice: {
          index: slice.index,
          slot: slice.slot,
          startsAt: slice.startsAt,
          offset: skewOffset(cfg.scheduler, n.id),
        },
        busy: { ...n.busy },
      };
    }),
    procs: s.procs.map((p) => {
      const app = cfg.apps.find((a) => a.gid === p.gid)!;
      return {
        pid: p.pid,
        gid: p.gid,
        app: p.app,
        node: p.node,
        vp: p.vp,
        mode: p.mode,
        sub: p.sub,
        running: s.nodes[p.node]!.running === p.pid,
        finished: p.finished,
        overflow: p.overflow,
        policy: app.policy,
        threshold: app.threshold,
        pages: [...p.buffer.pages],
        buffered: p.buffer.queue.map((q) => q.msg),
        maxPages: p.buffer.maxPages,
        stats: { ...p.stats },
      };
    }),
    network: inTransit.map((f) => ({
      msg: f.msg,
      src: msg(f.msg).src,
      dst: msg(f.msg).dst,
      gid: msg(f.msg).gid,
      arrivesAt: f.arrivesAt,
    })),
    ring: {
      token: { ...s.ring.token },
      frames: s.ring.inFlight.map((f) => {
        const r = s.ringFrames[f.msg]!;
        return {
          what: r.what,
          gid: r.gid,
          src: r.src,
          dst: r.dst,
          sentAt: r.sentAt,
          arrivesAt: f.arrivesAt,
        };
      }),
      waiting: s.ring.waiting.flatMap((q) =>
        q.map((w) => {
          const r = s.ringFrames[w.msg]!;
          return { what: r.what, gid: r.gid, src: r.src, dst: r.dst };
        }),
      ),
    },
    overflow: s.overflow.map((o) => ({
      gid: o.gid,
      active: o.active,
      coordinator: o.coordinator,
      episodes: o.episodes,
    })),
    stats: fuguStats(cfg, s),
  };
}
