/**
 * FUGU's resolved configuration: the scenario's machine with every default applied, and each
 * application expanded — its look-alike's program and handlers generated (app-likes.ts), its nodes
 * listed, its handlers numbered (a message carries its handler's number, as FUGU's carries the
 * handler's address [004 L540]) — so the machine reads plain data and asks no question twice.
 */
import type { LinkParams } from '../../net/message-network';
import type { NetworkParams } from '../../net/networks';
import type { RoundSlot, SchedulerConfig } from '../../os/scheduler';
import { expandLike } from './app-likes';
import type { Atomicity } from './costs';
import type { FuguHandlerSpec, FuguOp, FuguScenario, Policy } from './fugu-format';

export interface FuguAppConfig {
  name: string;
  gid: number;
  like: string | null;
  nodes: number[];
  policy: Policy;
  threshold: number | null;
  schedule: 'gang' | 'priority';
  priority: number;
  background: boolean;
  interactive: { load: number; burst: number } | null;
  handlers: FuguHandlerSpec[];
  program: FuguOp[];
  repeat: number;
}

export interface FuguConfig {
  nodes: number;
  atomicity: Atomicity;
  atomicityTimeout: number;
  network: NetworkParams;
  ring: LinkParams;
  pageBytes: number;
  pagesPerNode: number;
  freeList: number;
  pageFaultCycles: number;
  threadQuantum: number;
  scheduler: SchedulerConfig & { switchCycles: number };
  apps: FuguAppConfig[];
  seed: number;
  checkInvariants: boolean;
  /** Quiet cycles before the common torus reports a stall (checks.stallWatchdog). */
  stallWatchdog: number;
}

/** Interactive jobs run first [004 L1404]. */
const INTERACTIVE_PRIORITY = 50;

export function fuguConfigOf(sc: FuguScenario): FuguConfig {
  const { system } = sc;
  const apps: FuguAppConfig[] = sc.workload.apps.map((a) => {
    const nodes = a.nodes ?? Array.from({ length: system.nodes }, (_, i) => i);
    const made = a.like
      ? expandLike(a.like, nodes.length, a.messages ?? 100)
      : { program: a.program, handlers: a.handlers, repeat: a.repeat };
    return {
      name: a.name,
      gid: a.gid,
      like: a.like ?? null,
      nodes: [...nodes],
      policy: system.forceBuffered ? 'buffer-always' : a.policy,
      threshold: a.threshold ?? null,
      schedule: a.schedule,
      priority: a.interactive ? Math.max(a.priority, INTERACTIVE_PRIORITY) : a.priority,
      background: a.background || a.like === 'null' || a.interactive !== undefined,
      interactive: a.interactive ? { ...a.interactive } : null,
      handlers: made.handlers.map((h) => ({ ...h })),
      program: made.program.map((op) => ({ ...op })),
      repeat: made.repeat,
    };
  });
  const gangs = apps.filter((a) => a.schedule === 'gang').map((a) => a.gid);
  const round: RoundSlot[] = system.scheduler.round
    ? [...system.scheduler.round]
    : gangs.length
      ? gangs
      : ['free'];
  return {
    nodes: system.nodes,
    atomicity: system.atomicity,
    atomicityTimeout: system.atomicityTimeout,
    network: {
      kind: system.network.kind,
      ...(system.network.hops === undefined ? {} : { hops: system.network.hops }),
      latency: system.network.latency,
      window: system.network.receiverLimit,
      receiverLimit: system.network.receiverLimit,
      ...(system.network.bytesPerCycle === undefined
        ? {}
        : { bytesPerCycle: system.network.bytesPerCycle }),
    },
    ring: { latency: system.ring.latency, window: system.nodes },
    pageBytes: system.pages.bytes,
    pagesPerNode: system.pages.perNode,
    freeList: system.pages.freeList,
    pageFaultCycles: system.pageFaultCycles,
    threadQuantum: system.threadQuantum,
    scheduler: {
      timeslice: system.scheduler.timeslice,
      round,
      skew: system.scheduler.skew,
      nodes: system.nodes,
      switchCycles: system.scheduler.switchCycles,
    },
    apps,
    seed: sc.seed,
    checkInvariants: sc.checks.invariants,
    stallWatchdog: sc.checks.stallWatchdog,
  };
}
