/** FUGU's state at cycle 0: every node's NI idle, every application's processes in the table. */
import { createStream } from '../../kernel/rng';
import type { MessageNetwork } from '../../net/message-network';
import { SECOND_NETWORKS, type MessageNetworkState } from '../../net/networks';
import type { FuguConfig } from './fugu-config';
import type { FuguNode, FuguProcess, FuguState, Uac } from './fugu-state';
import { NO_GID } from './ni';
import { frame } from './routines';

const clearUac = (): Uac => ({
  interruptDisable: false,
  timerForce: false,
  disposePending: false,
  atomicityExtend: false,
});

export function initialState(
  cfg: FuguConfig,
  network: MessageNetwork<MessageNetworkState>,
): FuguState {
  const nodes: FuguNode[] = Array.from({ length: cfg.nodes }, (_, id) => ({
    id,
    ni: {
      describing: -1,
      descriptorLength: 0,
      blocked: 0,
      inputQueue: [],
      messageAvailable: false,
      currentGid: NO_GID,
      uac: clearUac(),
      timer: { counter: cfg.atomicityTimeout, enabled: false },
      divertMode: false,
      fired: 'empty',
      firedAt: -1,
      timeoutPending: false,
    },
    kernel: [],
    running: null,
    switchDue: 'start',
    switchWhy: 'start',
    lastRan: null,
    freeList: cfg.freeList,
    freeFrames: cfg.pagesPerNode - cfg.freeList,
    maxPages: 0,
    did: 'idle',
    busy: { user: 0, kernel: 0, idle: 0, interactive: 0 },
  }));
  const procs: FuguProcess[] = [];
  for (const app of cfg.apps)
    app.nodes.forEach((node, vp) => {
      const pid = procs.length;
      procs.push({
        pid,
        gid: app.gid,
        node,
        vp,
        app: app.name,
        mode: app.policy === 'buffer-always' ? 'BUFFERED' : 'DIRECT',
        sched: { policy: app.schedule, priority: app.priority },
        runnable: app.interactive === null,
        frames: [frame('thread', [], pid)],
        parked: null,
        resumeAt: 0,
        turnStart: 0,
        pc: 0,
        round: 0,
        finished: false,
        finishedAt: -1,
        arrived: 0,
        sub: null,
        buffer: { pages: [], queue: [], maxPages: 0 },
        overflow: false,
        reportedEmpty: false,
        savedUac: clearUac(),
        pageTouched: false,
        fanout: 0,
        work: 0,
        nextWork: 0,
        rng: createStream(cfg.seed, `fugu-process-${pid}`),
        stats: { received: 0, upcall: 0, poll: 0, buffered: 0, crossDomain: 0, sent: 0 },
      });
    });
  return {
    cycle: 0,
    halted: false,
    nodes,
    procs,
    messages: {},
    nextMessage: 0,
    tally: {
      launched: 0,
      delivered: 0,
      handled: 0,
      byPath: { 'fast upcall': 0, poll: 0, buffered: 0, 'cross-domain': 0 },
      overhead: {
        direct: [0, 0],
        poll: [0, 0],
        buffered: [0, 0],
        isolated: [0, 0],
        crossDomain: [0, 0],
      },
      latency: [0, 0],
      apps: Object.fromEntries(cfg.apps.map((a) => [a.gid, { messages: 0, buffered: 0 }])),
    },
    pairSeq: {},
    pairHandled: {},
    net: network.initial(cfg.nodes, cfg.network),
    ring: SECOND_NETWORKS.ring.initial(cfg.nodes, cfg.ring),
    ringFrames: {},
    nextRingFrame: 0,
    overflow: cfg.apps.map((a) => ({
      gid: a.gid,
      active: false,
      coordinator: -1,
      empties: 0,
      episodes: 0,
    })),
  };
}
