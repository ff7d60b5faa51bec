/**
 * FUGU's synthetic workloads as scenario parts (seed 004 Ch. 7; round2-spec §B3.4): the lecture
 * scenarios' streams in code, §7.5's runaway sender, application look-alikes with Table 7-2's
 * rates against a null or interactive job, and synth-N; and a runner that checks them with the
 * model's own schema. The fidelity rows and the charts' sweeps run these.
 */
import type { PhaseSlice } from '../../ledger/phase-events';
import { fuguConfigOf } from './fugu-config';
import { appsBranch, fuguSystem, type FuguScenario } from './fugu-format';
import type { FuguStats } from './fugu-frame';
import { FuguSystem } from './fugu-system';

/** A FUGU scenario's machine and applications, before defaults. */
export interface FuguSpec {
  system: Record<string, unknown>;
  workload: { apps: unknown[] };
  limits: { maxCycles: number };
  seed?: number;
}

export interface FuguRun {
  stats: FuguStats;
  slices: PhaseSlice[];
  violations: string[];
  halted: boolean;
}

/** Runs a spec to its halt (or its cycle limit), keeping the ledger and any broken invariant. */
export function runSpec(spec: FuguSpec): FuguRun {
  const scenario = {
    seed: spec.seed ?? 1,
    limits: spec.limits,
    checks: { invariants: true, stallWatchdog: 1000 },
    memory: [],
    system: fuguSystem.parse(spec.system),
    workload: appsBranch.parse(spec.workload),
  } as FuguScenario;
  const sim = new FuguSystem(fuguConfigOf(scenario));
  const slices: PhaseSlice[] = [];
  const violations: string[] = [];
  while (!sim.state.halted && sim.state.cycle < spec.limits.maxCycles) {
    for (const e of sim.step()) {
      if (e.kind === 'phase') slices.push(e);
      else if (e.kind === 'invariant.violation') violations.push(e.detail);
    }
  }
  return { stats: sim.stats(), slices, violations, halted: sim.state.halted };
}

const base = (
  nodes: number,
  apps: unknown[],
  system: Record<string, unknown> = {},
  maxCycles = 2_000_000,
): FuguSpec => ({
  system: { kind: 'fugu', nodes, ...system },
  workload: { apps },
  limits: { maxCycles },
});

/**
 * §7.5's runaway application [004 L1742-1744]: eight processes each sending to its neighbour in a
 * loop, every handler forcing buffering (a DMA across a page boundary), with a threshold or none.
 */
export function runawayScenario(threshold: number | null, messages: number): FuguSpec {
  return base(8, [
    {
      name: 'R',
      gid: 1,
      ...(threshold === null ? {} : { threshold }),
      handlers: [{ name: 'block', cycles: 400, fault: 'dma-page-cross' }],
      program: [
        { op: 'send', to: 'next', handler: 'block', dmaBytes: 1000 },
        { op: 'compute', cycles: 20, jitter: 15 },
      ],
      repeat: messages,
    },
  ]);
}

/** An application look-alike gang-scheduled against the busy-waiting null application, with skew [004 L1639-1641]. */
export function skewScenario(
  like: string,
  skew: number,
  nodes: number,
  messages: number,
): FuguSpec {
  return base(
    nodes,
    [
      { name: like, gid: 1, like, messages, schedule: 'gang' },
      { name: 'null', gid: 2, like: 'null', schedule: 'gang' },
    ],
    { scheduler: { timeslice: 20_000, skew } },
  );
}

/** fugu-fast-path's ping-pong in code: `rounds` null messages each way, `args` arguments each. */
export function pingPongScenario(atomicity: string, args = 0, rounds = 2): FuguSpec {
  return base(
    2,
    [
      {
        name: 'A',
        gid: 1,
        handlers: [{ name: 'ping' }],
        program: [
          { op: 'send', vps: [0], to: 1, handler: 'ping', args },
          { op: 'wait', messages: 1 },
          { op: 'send', vps: [1], to: 0, handler: 'ping', args },
        ],
        repeat: rounds,
      },
    ],
    { atomicity },
  );
}

/** fugu-polling's receiver in code: node 1 polls for `messages` null messages, one atomic section each. */
export function pollScenario(atomicity: string, messages = 2): FuguSpec {
  return base(
    2,
    [
      {
        name: 'A',
        gid: 1,
        handlers: [{ name: 'item' }],
        program: [
          { op: 'send', vps: [0], to: 1, handler: 'item' },
          { op: 'compute', vps: [0], cycles: 300 },
          { op: 'beginatom', vps: [1] },
          { op: 'poll', vps: [1], messages: 1 },
          { op: 'endatom', vps: [1] },
        ],
        repeat: messages,
      },
    ],
    { atomicity },
  );
}

/**
 * fugu-mismatch-buffered and fugu-policies in code: node 0's A sends `messages` messages of
 * `args` arguments to node 1, `gap` cycles apart, while node 1 first runs B for `busy` cycles.
 */
export function mismatchScenario(p: {
  messages: number;
  gap: number;
  busy: number;
  policy: string;
  args?: number;
  freeList?: number;
}): FuguSpec {
  return base(
    2,
    [
      {
        name: 'A',
        gid: 1,
        policy: p.policy,
        handlers: [{ name: 'tick' }],
        program: [
          { op: 'send', vps: [0], to: 1, handler: 'tick', args: p.args ?? 0 },
          { op: 'compute', vps: [0], cycles: p.gap },
          { op: 'wait', vps: [1], messages: 1 },
        ],
        repeat: p.messages,
      },
      { name: 'B', gid: 2, nodes: [1], priority: 10, program: [{ op: 'compute', cycles: p.busy }] },
    ],
    { pages: { freeList: p.freeList ?? 2 } },
  );
}

/** A look-alike alone, with a mismatch policy for all its messages (Fig. 7-2's comparison). */
export function standaloneScenario(
  like: string,
  nodes: number,
  messages: number,
  policy: string,
): FuguSpec {
  return base(nodes, [{ name: like, gid: 1, like, messages, policy }]);
}

/**
 * A look-alike against an interactive job taking a fraction `load` of every processor, priority
 * scheduled [004 L1444, L1462] (load 0: the look-alike alone, with the scheduler's own runs).
 */
export function interactiveScenario(
  like: string,
  nodes: number,
  messages: number,
  load: number,
): FuguSpec {
  // "compute": the embarrassingly parallel null-like job the seed measures f with [004 L1444].
  const apps: unknown[] = [
    like === 'compute'
      ? { name: 'compute', gid: 1, program: [{ op: 'compute', cycles: 1000 }], repeat: messages }
      : { name: like, gid: 1, like, messages },
  ];
  if (load > 0) apps.push({ name: 'web', gid: 3, interactive: { load, burst: 500 } });
  return base(nodes, apps, { scheduler: { timeslice: 20_000 } });
}

/**
 * synth-N [004 L1684-1694]: four processors, each sending groups of N requests to random others
 * at a mean interval of T_interhandler and then waiting for all N replies; the request handler
 * takes 290 cycles and the reply handler 110, interrupt and kernel overhead included; 1 % skew
 * against the null application so that buffering is entered now and then.
 */
export function synthScenario(n: number, interhandler: number, groups: number): FuguSpec {
  const send = 7;
  return base(
    4,
    [
      {
        name: `synth${n}`,
        gid: 1,
        schedule: 'gang',
        handlers: [
          { name: 'request', cycles: Math.max(0, 290 - 115 - send), reply: 'reply' },
          { name: 'reply', cycles: 0 },
        ],
        program: [
          { op: 'compute', cycles: interhandler, jitter: interhandler },
          { op: 'send', to: 'random', handler: 'request' },
          { op: 'wait', messages: n, every: n },
        ],
        repeat: n * groups,
      },
      { name: 'null', gid: 2, like: 'null', schedule: 'gang' },
    ],
    { scheduler: { timeslice: 20_000, skew: 0.01 } },
  );
}
