/**
 * FUGU's soak family (seed 004): user-direct messaging under each mismatch policy and atomicity
 * column, with random machines (2–6 nodes, receiver buffers of 1–4 messages, short atomicity
 * timeouts, short timeslices with skew, few free pages) and random applications (gang or priority
 * scheduling, priorities, spans of some or all nodes, handlers that reply — some from the receive
 * window, disposing after — page-fault or cross a DMA page, sends to the next, previous, a random
 * or every process, polling where the column has it, overflow thresholds) beside an interactive job. Every launched message must reach one
 * handler of its own GID at its destination, be handled once, in launch order per pair of
 * processes, and the run must halt. FUGU never deadlocks: the atomicity timer, which also times a
 * cross-domain upcall's handler, turns what would be a deadlock into buffering [004 L602, L869],
 * so no configuration expects a stall.
 */
import fc from 'fast-check';
import type { FuguScenario } from '../../sim-core/ni/fugu/fugu-format';
import { FuguSystem } from '../../sim-core/ni/fugu/fugu-system';
import { fuguModel } from '../../sim-core/ni/fugu/module';
import { parseScenario } from '../../sim-core/scenario/parse';
import { bump, cleanAudit, neverEnded, note, type RunAudit, type SoakFamily } from './family';

type Policy = 'buffer-on-mismatch' | 'upcall-always' | 'buffer-always';
type Atomicity = 'kernel' | 'hard' | 'soft';

export interface FuguSoakConfiguration {
  label: string;
  policy: Policy;
  atomicity: Atomicity;
}

const configurations: FuguSoakConfiguration[] = (
  ['buffer-on-mismatch', 'upcall-always', 'buffer-always'] as const
).flatMap((policy) =>
  (['soft', 'hard', 'kernel'] as const).map((atomicity) => ({
    label: `${policy} · ${atomicity}`,
    policy,
    atomicity,
  })),
);

const handler = fc.record({
  cycles: fc.integer({ min: 0, max: 600 }),
  fault: fc.constantFrom('none', 'none', 'none', 'page-fault', 'dma-page-cross'),
  reply: fc.boolean(),
  /** A reply composed from the receive window, disposed after it (a blocked reply holds both). */
  disposeAfterReply: fc.boolean(),
});

const app = fc.record({
  schedule: fc.constantFrom('gang', 'priority'),
  priority: fc.integer({ min: 1, max: 5 }),
  /** Which nodes it spans: a bit per node (fewer than two set: every node). */
  span: fc.nat({ max: 63 }),
  handler,
  to: fc.constantFrom('next', 'prev', 'random', 'all'),
  args: fc.integer({ min: 0, max: 14 }),
  repeat: fc.integer({ min: 1, max: 8 }),
  gap: fc.integer({ min: 0, max: 1_000 }),
  poll: fc.boolean(),
  threshold: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
});

const machine = fc.record({
  nodes: fc.integer({ min: 2, max: 6 }),
  timeout: fc.integer({ min: 30, max: 4_000 }),
  receiverLimit: fc.integer({ min: 1, max: 4 }),
  latency: fc.integer({ min: 1, max: 200 }),
  timeslice: fc.integer({ min: 300, max: 8_000 }),
  skew: fc.double({ min: 0, max: 0.9, noNaN: true }),
  /** The scheduler's run, as a share of a slice (its whole slice would starve every program). */
  switchShare: fc.double({ min: 0, max: 0.1, noNaN: true }),
  freeList: fc.integer({ min: 0, max: 4 }),
  pageFaultCycles: fc.integer({ min: 0, max: 2_000 }),
  threadQuantum: fc.integer({ min: 0, max: 3_000 }),
  apps: fc.array(app, { minLength: 1, maxLength: 3 }),
  /** An interactive job's load (it outranks the applications: it must leave them time). */
  interactive: fc.option(fc.double({ min: 0.05, max: 0.35, noNaN: true }), { nil: undefined }),
  seed: fc.nat(),
});
export type FuguMachine = typeof machine extends fc.Arbitrary<infer M> ? M : never;

/** The nodes an application spans: the span's bits, or every node when fewer than two are set. */
function spanOf(span: number, nodes: number): number[] | undefined {
  const chosen = Array.from({ length: nodes }, (_, n) => n).filter((n) => span & (1 << n));
  return chosen.length >= 2 && chosen.length < nodes ? chosen : undefined;
}

export function fuguScenario(c: FuguSoakConfiguration, m: FuguMachine): unknown {
  const apps: unknown[] = m.apps.map((a, i) => {
    // Polling is inside an atomic section, and soft atomicity has none [004 L861]; vp 1 polls
    // for a message each round, which random targets do not promise it.
    const polling = a.poll && c.atomicity !== 'soft' && a.to !== 'random';
    const nodes = spanOf(a.span, m.nodes);
    return {
      name: `A${i}`,
      gid: i + 1,
      ...(nodes ? { nodes } : {}),
      policy: c.policy,
      schedule: a.schedule,
      priority: a.priority,
      ...(a.threshold === undefined ? {} : { threshold: a.threshold }),
      handlers: [
        {
          name: 'h',
          cycles: a.handler.cycles,
          fault: a.handler.fault,
          ...(a.handler.reply
            ? { reply: 'r', disposeAfterReply: a.handler.disposeAfterReply }
            : {}),
        },
        { name: 'r' },
      ],
      program: [
        { op: 'send', to: a.to, handler: 'h', args: a.args },
        { op: 'compute', cycles: a.gap, jitter: Math.floor(a.gap / 2) },
        ...(polling
          ? [
              { op: 'beginatom', vps: [1] },
              { op: 'poll', vps: [1], messages: 1 },
              { op: 'endatom', vps: [1] },
            ]
          : []),
      ],
      repeat: a.repeat,
    };
  });
  if (m.interactive !== undefined)
    apps.push({ name: 'web', gid: 99, interactive: { load: m.interactive, burst: 300 } });
  return {
    version: 1,
    id: 'soak-fugu',
    title: 'soak',
    seed: m.seed,
    system: {
      kind: 'fugu',
      nodes: m.nodes,
      atomicity: c.atomicity,
      atomicityTimeout: m.timeout,
      network: { kind: 'pipe', latency: m.latency, receiverLimit: m.receiverLimit },
      pages: { freeList: m.freeList },
      pageFaultCycles: m.pageFaultCycles,
      threadQuantum: m.threadQuantum,
      scheduler: {
        timeslice: m.timeslice,
        skew: m.skew,
        switchCycles: Math.floor(m.switchShare * m.timeslice),
      },
    },
    workload: { apps },
  };
}

/** A launched message, as the events told it. */
interface Launched {
  src: number;
  dst: number;
  gid: number;
  started: boolean;
  ended: boolean;
}

/**
 * Audits a run from its events alone (not the model's own invariant checks, which it counts
 * besides): per pair of processes — sender's PID, receiving node and GID — the handlers start in
 * launch order, a rollback undoes only the last start, and each message ends once, at its node.
 */
export function auditFugu(doc: unknown, maxCycles: number): RunAudit {
  const parsed = parseScenario(doc);
  if (!parsed.ok)
    throw new Error(`soak: a FUGU scenario the schema refuses: ${JSON.stringify(parsed.error)}`);
  const sim = new FuguSystem(fuguModel.configOf(parsed.value as unknown as FuguScenario));
  const a = cleanAudit({ messages: true, order: true });
  const messages = new Map<number, Launched>();
  /** Per pair, its messages in launch order and how many of them have started. */
  const pairs = new Map<string, { order: number[]; started: number }>();
  const pairOf = (m: Launched) => `${m.src}>${m.dst}@${m.gid}`;
  let ended = 0;
  while (!sim.state.halted && sim.state.cycle < maxCycles)
    for (const e of sim.step()) {
      const at = sim.state.cycle;
      if (e.kind === 'invariant.violation') {
        a.violations++;
        note(a, `cycle ${at}: ${e.rule} invariant: ${e.detail}`);
      } else if (e.kind === 'fugu.send' && e.what === 'launch') {
        const m = { src: e.pid, dst: e.dst, gid: e.gid, started: false, ended: false };
        messages.set(e.msg, m);
        const pair = pairs.get(pairOf(m)) ?? { order: [], started: 0 };
        pair.order.push(e.msg);
        pairs.set(pairOf(m), pair);
      } else if (e.kind === 'fugu.handler') {
        const m = messages.get(e.msg);
        if (!m) {
          a.violations++;
          note(a, `cycle ${at}: a handler ${e.what}s for message ${e.msg}, never launched`);
          continue;
        }
        const pair = pairs.get(pairOf(m))!;
        if (e.what === 'start') {
          if (m.started || m.ended) {
            a.duplicated = bump(a.duplicated);
            note(a, `cycle ${at}: message ${e.msg} reached a handler twice`);
          } else if (pair.order[pair.started] !== e.msg) {
            a.reordered = bump(a.reordered);
            note(
              a,
              `cycle ${at}: message ${e.msg} overtook ${pair.order[pair.started]} (${pairOf(m)})`,
            );
          }
          if (e.node !== m.dst) {
            a.misdelivered = bump(a.misdelivered);
            note(a, `cycle ${at}: message ${e.msg} for node ${m.dst} handled at node ${e.node}`);
          }
          m.started = true;
          pair.started += 1;
        } else if (e.what === 'rollback') {
          if (!m.started || m.ended || pair.order[pair.started - 1] !== e.msg) {
            a.violations++;
            note(a, `cycle ${at}: message ${e.msg}'s handler rolled back out of turn`);
          }
          m.started = false;
          pair.started -= 1;
        } else {
          if (m.ended) {
            a.duplicated = bump(a.duplicated);
            note(a, `cycle ${at}: message ${e.msg}'s handler ended twice`);
          } else if (!m.started) {
            a.violations++;
            note(a, `cycle ${at}: message ${e.msg}'s handler ended without starting`);
          }
          m.ended = true;
          ended += 1;
        }
      }
    }
  a.cycles = sim.state.cycle;
  const open = messages.size - ended;
  if (sim.state.halted) {
    if (open > 0) {
      a.lost = open;
      note(a, `halted with ${ended} of ${messages.size} launched messages handled`);
    }
  } else {
    // Unhandled messages, or (none left) the programs still running: at least one thing.
    a.unfinished = Math.max(open, 1);
    note(a, `${neverEnded(maxCycles)}: ${open} of ${messages.size} launched messages unhandled`);
  }
  return a;
}

export const fuguSoak: SoakFamily<FuguSoakConfiguration, FuguMachine> = {
  name: 'fugu',
  title: "FUGU's direct VNI (seed 004): mismatch policy · atomicity",
  configurations,
  skipped: [],
  orderNote: 'FIFO per sender → receiver pair of processes [004 L562]',
  runCycles: 2_000_000,
  runs: () => machine,
  audit: (c, m, maxCycles) => auditFugu(fuguScenario(c, m), maxCycles),
};
