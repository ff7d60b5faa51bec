/**
 * The Cranium NI's soak family (seed 001 §C), and the random machines its property tests draw
 * (tests/property/cranium.prop.test.ts): well-formed messages — sizes, start offsets, auto-receive
 * and queue, several send channels per sender, schedulers, memory models, background traffic —
 * and random programs, bad ones included (busy, NIL or wrong channels and handles, short
 * receives, resets at any time, FREEZE with no thaw). Every packet an NI makes must be placed
 * once, at its destination (a page line or a queue entry, the error queues included), or be
 * abandoned by a reset; a run must halt, or stop with a stall the watchdogs report — expected
 * only while an NI is frozen or flushing, which needs the OS to set it NORMAL again.
 */
import fc from 'fast-check';
import { QUEUE_NAMES } from '../../sim-core/ni/cranium/queue-names';
import { CraniumSystem } from '../../sim-core/ni/cranium/cranium-system';
import type { CraniumScenario } from '../../sim-core/ni/cranium/cranium-schema';
import { craniumConfigOf } from '../../sim-core/ni/cranium/module';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { ScenarioInput } from '../../sim-core/scenario/schema';
import { bump, cleanAudit, neverEnded, note, type RunAudit, type SoakFamily } from './family';

export const LINES = 256; // an 8 KB page of 32-byte lines
const FIRST_SEND_CHANNEL = 2;

const message = fc.record({
  packets: fc.integer({ min: 1, max: 24 }),
  queue: fc.boolean(),
  start: fc.integer({ min: 0, max: LINES - 1 }),
  priority: fc.boolean(),
});

/** Senders 1…n each send a few messages to node 0, which receives them all. */
export const messageMachine = fc.record({
  k: fc.integer({ min: 3, max: 5 }),
  senders: fc.array(fc.array(message, { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 3,
  }),
  scheduler: fc.constantFrom('fcfs', 'rr', 'prr', 'alpha'),
  memory: fc.constantFrom('adu', 'meerkat', 'optimistic'),
  background: fc.double({ min: 0, max: 0.3, noNaN: true }),
  smallQueue: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});
export type MessageMachine = typeof messageMachine extends fc.Arbitrary<infer T> ? T : never;

/** Each message with its sender node, send channel and (for auto-receive) receive channel. */
export function plan(m: MessageMachine) {
  let recv = 0;
  return m.senders.flatMap((msgs, i) =>
    msgs.map((x, j) => ({
      ...x,
      node: i + 1,
      channel: FIRST_SEND_CHANNEL + j,
      buffer: j + 1,
      recv: x.queue ? -1 : recv++,
    })),
  );
}

/**
 * Senders 1…n each send their messages to node 0 on several channels at once, then wait for all;
 * node 0 posts its receives before a barrier, waits for each, then takes the queued packets.
 */
export function messageScenario(m: MessageMachine): ScenarioInput {
  const msgs = plan(m);
  const queued = msgs.filter((x) => x.queue).reduce((a, x) => a + x.packets, 0);
  const auto = msgs.filter((x) => !x.queue);
  const receiver = [
    ...auto.map((x) => ({
      op: 'recv',
      channel: x.recv,
      from: x.node,
      remoteChannel: x.channel,
      buffer: x.recv + 1,
      packets: x.packets,
    })),
    { op: 'barrier' },
    ...auto.map((x) => ({ op: 'waitRecv', channel: x.recv })),
    ...(queued ? [{ op: 'pollQueue', count: queued }] : []),
  ];
  return {
    version: 1,
    id: 'prop',
    title: 'prop',
    topic: 'cranium',
    seed: m.seed,
    system: {
      kind: 'cranium',
      k: m.k,
      scheduler: m.scheduler,
      memory: m.memory,
      // Small queues overflow; the run then freezes, and nothing in the programs thaws it.
      queueEntries: { user: m.smallQueue ? 2 : Math.max(2, queued + 1) },
    },
    workload: {
      nodes: [
        { node: 0, buffers: auto.map((x) => ({ handle: x.recv + 1 })), program: receiver },
        ...m.senders.map((sent, i) => {
          const mine = msgs.filter((x) => x.node === i + 1);
          return {
            node: i + 1,
            buffers: sent.map((_, j) => ({ handle: j + 1 })),
            program: [
              { op: 'barrier' },
              ...mine.map((x) => ({
                op: 'send',
                channel: x.channel,
                to: 0,
                remoteChannel: x.queue ? 0 : x.recv,
                buffer: x.buffer,
                packets: x.packets,
                start: x.start,
                queue: x.queue,
                priority: x.priority,
              })),
              ...mine.map((x) => ({ op: 'waitSend', channel: x.channel })),
            ],
          };
        }),
      ],
      ...(m.background > 0 ? { background: { load: m.background, until: 400 } } : {}),
    },
    limits: { maxCycles: 20_000 },
    checks: { stallWatchdog: 100_000 },
  } as ScenarioInput;
}

/** Any instruction, good or bad: busy, NIL or wrong channels and handles, resets at any time. */
const anyInstruction = (nodes: number) => {
  const channel = fc.integer({ min: 0, max: 2 });
  // Mostly real nodes and pinned handles (1, 2); 99 has no node-map entry and 3 no buffer: NIL.
  const node = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: nodes - 1 }), weight: 8 },
    { arbitrary: fc.constant(99), weight: 1 },
  );
  const buffer = fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 2 }), weight: 8 },
    { arbitrary: fc.constant(3), weight: 1 },
  );
  const packets = fc.integer({ min: 1, max: 12 });
  const weighted = (weight: number, arbitrary: fc.Arbitrary<object>) => ({ arbitrary, weight });
  return fc.oneof(
    weighted(2, fc.record({ op: fc.constant('compute'), cycles: fc.integer({ min: 1, max: 80 }) })),
    weighted(
      4,
      fc.record({
        op: fc.constant('send'),
        channel,
        to: node,
        remoteChannel: channel,
        buffer,
        packets,
        start: fc.integer({ min: 0, max: 40 }),
        queue: fc.boolean(),
      }),
    ),
    weighted(
      4,
      fc.record({
        op: fc.constant('recv'),
        channel,
        from: node,
        remoteChannel: channel,
        buffer,
        packets,
      }),
    ),
    weighted(
      3,
      fc.record({ op: fc.constant('reset'), dir: fc.constantFrom('send', 'recv'), channel }),
    ),
    weighted(1, fc.record({ op: fc.constant('waitSend'), channel })),
    weighted(1, fc.record({ op: fc.constant('waitRecv'), channel })),
    weighted(
      2,
      fc.record({
        op: fc.constant('pollQueue'),
        count: fc.integer({ min: 1, max: 2 }),
        queue: fc.constantFrom(...QUEUE_NAMES),
      }),
    ),
    weighted(
      1,
      fc.record({ op: fc.constant('advanceQueue'), queue: fc.constantFrom(...QUEUE_NAMES) }),
    ),
    weighted(1, fc.record({ op: fc.constant('barrier'), value: fc.constantFrom(0, 1) })),
    weighted(
      1,
      fc.record({
        op: fc.constantFrom('load', 'store'),
        buffer,
        line: fc.integer({ min: 0, max: 7 }),
      }),
    ),
    weighted(1, fc.record({ op: fc.constant('thaw') })),
    weighted(
      1,
      fc.record({ op: fc.constant('flow'), state: fc.constantFrom('NORMAL', 'FLUSH', 'FREEZE') }),
    ),
  );
};

/** Two to four nodes of a 3×3 torus, each with a random program, bad instructions included. */
export const badMachine = fc.record({
  programs: fc.array(fc.array(anyInstruction(4), { maxLength: 16 }), {
    minLength: 2,
    maxLength: 4,
  }),
  scheduler: fc.constantFrom('fcfs', 'rr', 'prr', 'alpha'),
  userQueue: fc.integer({ min: 2, max: 6 }),
  freezeOnOverflow: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});
export type BadMachine = typeof badMachine extends fc.Arbitrary<infer T> ? T : never;

export function badScenario(m: BadMachine): ScenarioInput {
  return {
    version: 1,
    id: 'prop-bad',
    title: 'prop-bad',
    topic: 'cranium',
    seed: m.seed,
    system: {
      kind: 'cranium',
      k: 3,
      scheduler: m.scheduler,
      pageBytes: 1024,
      freezeOnOverflow: m.freezeOnOverflow,
      queueEntries: { user: m.userQueue, userError: 4, system: 2, systemError: 2 },
    },
    // Handles 1 and 2 are pinned; 3 maps to NIL.
    workload: {
      nodes: m.programs.map((program, node) => ({
        node,
        buffers: [{ handle: 1 }, { handle: 2 }],
        program,
      })),
    },
  } as ScenarioInput;
}

/** The machine a scenario describes; the generators only make scenarios the schema accepts. */
export function craniumSystem(doc: ScenarioInput, stallWatchdog?: number): CraniumSystem {
  const parsed = parseScenario(doc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const cfg = craniumConfigOf(parsed.value as CraniumScenario);
  return new CraniumSystem(
    stallWatchdog ? { ...cfg, network: { ...cfg.network, stallWatchdog } } : cfg,
  );
}

/** Runs a machine to its halt, a stall or `maxCycles`, and accounts for every packet. */
export function auditCranium(sys: CraniumSystem, wellFormed: boolean, maxCycles: number): RunAudit {
  const a = cleanAudit({ messages: true, order: false });
  const placed = new Map<number, number>();
  let stopped = false;
  while (!sys.state.halted && sys.state.cycle < maxCycles && !stopped)
    for (const e of sys.step()) {
      const at = sys.state.cycle;
      if (e.kind === 'invariant.violation') {
        a.violations++;
        note(a, `cycle ${at}: ${e.rule} invariant: ${e.detail}`);
      } else if (e.kind === 'cr.place') {
        const times = (placed.get(e.packet) ?? 0) + 1;
        placed.set(e.packet, times);
        if (times > 1) {
          a.duplicated = bump(a.duplicated);
          note(a, `packet ${e.packet} placed ${times} times`);
        }
        const pkt = sys.state.packets[e.packet]!;
        if (e.node !== pkt.dst) {
          a.misdelivered = bump(a.misdelivered);
          note(a, `packet ${e.packet} for node ${pkt.dst} placed at node ${e.node}`);
        }
      } else if (e.kind === 'sim.stall' || e.kind === 'net.stall') {
        a.stalls++;
        stopped = true;
        // Only an NI the OS has stopped may hold the run still (FREEZE delivers and injects
        // nothing, FLUSH injects nothing): the OS must set it NORMAL again, and no program does.
        if (sys.state.nodes.some((n) => n.ni.flow !== 'NORMAL')) a.expectedStalls++;
        else note(a, `cycle ${at}: stalled with every NI in NORMAL flow (${e.kind})`);
      }
    }
  a.cycles = sys.state.cycle;
  const packets = Object.values(sys.state.packets);
  const gone = packets.filter((p) => !placed.has(p.id) && !p.placed.startsWith('abandoned'));
  if (sys.state.halted) {
    if (gone.length) {
      a.lost = gone.length;
      note(a, `halted with ${gone.length} packets neither placed nor abandoned`);
    }
    if (wellFormed && sys.state.nodes.some((n) => n.proc.status !== 'done')) {
      a.unfinished += 1;
      note(a, 'a well-formed program waits for ever');
    }
  } else if (!stopped) {
    a.unfinished = gone.length;
    note(a, `${neverEnded(maxCycles)}: ${gone.length} packets not placed`);
  }
  return a;
}

export interface CraniumSoakConfiguration {
  label: string;
  programs: 'messages' | 'random';
}

type CraniumRun = { kind: 'messages'; m: MessageMachine } | { kind: 'random'; m: BadMachine };

export const craniumSoak: SoakFamily<CraniumSoakConfiguration, CraniumRun> = {
  name: 'cranium',
  title: 'The Cranium NI (seed 001): programs',
  configurations: [
    { label: 'well-formed messages', programs: 'messages' },
    { label: 'random programs, bad ones included', programs: 'random' },
  ],
  skipped: [],
  orderNote: 'not promised: packets arrive out of order and are placed by sequence number',
  runCycles: 500_000,
  runs: (c) =>
    c.programs === 'messages'
      ? messageMachine.map((m): CraniumRun => ({ kind: 'messages', m }))
      : badMachine.map((m): CraniumRun => ({ kind: 'random', m })),
  audit: (_c, run, maxCycles) =>
    run.kind === 'messages'
      ? auditCranium(craniumSystem(messageScenario(run.m), 1000), true, maxCycles)
      : auditCranium(craniumSystem(badScenario(run.m), 1000), false, maxCycles),
};
