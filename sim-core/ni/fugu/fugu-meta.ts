/** What never changes in a FUGU run: the machine, the applications, the dispatch rule and the cost table. */
import { skewOffset } from '../../os/scheduler';
import {
  ATOMICITY_LABELS,
  STAGES,
  TABLE_4_4_TOTALS,
  type Atomicity,
  type StageName,
} from './costs';
import { DISPATCH_RULE, type DispatchRow } from './dispatch-rule';
import type { FuguConfig } from './fugu-config';
import type { FuguOp } from './fugu-format';

export interface FuguMeta {
  model: 'fugu';
  nodes: number;
  atomicity: Atomicity;
  atomicityLabel: string;
  atomicityTimeout: number;
  network: { latency: number; receiverLimit: number };
  ringLatency: number;
  pageBytes: number;
  apps: {
    name: string;
    gid: number;
    like: string | null;
    nodes: number[];
    policy: string;
    threshold: number | null;
    schedule: 'gang' | 'priority';
    priority: number;
    background: boolean;
    interactive: boolean;
    handlers: { name: string; cycles: number; reply: string | null; fault: string }[];
    program: string[];
    repeat: number;
  }[];
  scheduler: {
    timeslice: number;
    round: (number | 'free')[];
    skew: number;
    switchCycles: number;
    offsets: number[];
  };
  dispatchRule: readonly DispatchRow[];
  /** Table 4-4's stages in this run's column and the seed's totals, for the ledger beside the timeline. */
  table44: { stage: StageName; label: string; cycles: Record<Atomicity, number>; source: string }[];
  totals: (typeof TABLE_4_4_TOTALS)[Atomicity];
}

/** One operation of a program, as a line people read. */
const OP_TEXT: { readonly [K in FuguOp['op']]: (op: Extract<FuguOp, { op: K }>) => string } = {
  compute: (op) => `compute ${op.cycles}${op.jitter ? ` ± ${op.jitter}` : ''}`,
  send: (op) =>
    `do_on(${op.to}, ${op.handler}${op.args ? `, ${op.args} args` : ''}${op.dmaBytes ? `, DMA ${op.dmaBytes} B` : ''})`,
  wait: (op) => `wait for ${op.messages} handler${op.messages === 1 ? '' : 's'}`,
  poll: (op) => `poll for ${op.messages} message${op.messages === 1 ? '' : 's'}`,
  beginatom: () => 'beginatom(interrupt-disable)',
  endatom: () => 'endatom(interrupt-disable)',
};

export function opText(op: FuguOp): string {
  const text = (OP_TEXT[op.op] as (o: FuguOp) => string)(op);
  const only = [
    op.vps ? `vp ${op.vps.join(', ')}` : '',
    op.every ? `every ${op.every} rounds` : '',
  ].filter(Boolean);
  return only.length ? `${text}   [${only.join('; ')}]` : text;
}

const TABLE_44_STAGES: StageName[] = [
  'describe',
  'launch',
  'interrupt',
  'registerSave',
  'gidCheck',
  'timerSetup',
  'bufferingCheck',
  'dispatch',
  'nullHandler',
  'upcallCleanup',
  'timerCleanup',
  'registerRestore',
  'poll',
  'pollDispatch',
  'pollHandler',
];

export function fuguMeta(cfg: FuguConfig): FuguMeta {
  return {
    model: 'fugu',
    nodes: cfg.nodes,
    atomicity: cfg.atomicity,
    atomicityLabel: ATOMICITY_LABELS[cfg.atomicity],
    atomicityTimeout: cfg.atomicityTimeout,
    network: {
      latency: cfg.network.latency,
      receiverLimit: cfg.network.receiverLimit ?? cfg.network.window,
    },
    ringLatency: cfg.ring.latency,
    pageBytes: cfg.pageBytes,
    apps: cfg.apps.map((a) => ({
      name: a.name,
      gid: a.gid,
      like: a.like,
      nodes: [...a.nodes],
      policy: a.policy,
      threshold: a.threshold,
      schedule: a.schedule,
      priority: a.priority,
      background: a.background,
      interactive: a.interactive !== null,
      handlers: a.handlers.map((h) => ({
        name: h.name,
        cycles: h.cycles,
        reply: h.reply ?? null,
        fault: h.fault,
      })),
      program: a.program.map(opText),
      repeat: a.repeat,
    })),
    scheduler: {
      timeslice: cfg.scheduler.timeslice,
      round: [...cfg.scheduler.round],
      skew: cfg.scheduler.skew,
      switchCycles: cfg.scheduler.switchCycles,
      offsets: Array.from({ length: cfg.nodes }, (_, n) => skewOffset(cfg.scheduler, n)),
    },
    dispatchRule: DISPATCH_RULE,
    table44: TABLE_44_STAGES.map((stage) => ({
      stage,
      label: STAGES[stage].label,
      cycles: { ...STAGES[stage].cycles },
      source: STAGES[stage].source,
    })),
    totals: TABLE_4_4_TOTALS[cfg.atomicity],
  };
}
