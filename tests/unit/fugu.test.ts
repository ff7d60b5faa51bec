/**
 * The FUGU model (seed 004): the fast path reproduces Table 4-4 stage by stage in each atomicity
 * column, bad input is refused with a coded message naming the field, and the share link carries
 * every FUGU setting.
 */
import { describe, expect, it } from 'vitest';
import {
  applyOverrides,
  decodeLink,
  encodeLink,
  parseScenario,
  phaseSlices,
  Session,
  type Override,
} from '../../sim-core/index';
import { builtinScenarios } from '../../scenarios/index';
import { fuguSettings } from '../../src/models/fugu/fugu-settings';
import { runFugu } from '../../sim-core/fidelity/fugu-runs';
import type { FuguStats } from '../../sim-core/ni/fugu/fugu-frame';

const fastPath = () => builtinScenarios.find((s) => s.id === 'fugu-fast-path')!.doc;

function run(doc: unknown, overrides: Override[] = []) {
  const applied = applyOverrides(doc, overrides);
  if (!applied.ok) throw new Error(applied.error.message);
  const parsed = parseScenario(applied.value);
  if (!parsed.ok) throw new Error(parsed.error.map((e) => `${e.path}: ${e.message}`).join('\n'));
  const session = new Session(parsed.value);
  session.seek(parsed.value.limits.maxCycles);
  return { session, events: session.eventsUpToNow(), stats: session.stats() as FuguStats };
}

function issues(doc: unknown, overrides: Override[]) {
  const applied = applyOverrides(doc, overrides);
  if (!applied.ok) throw new Error(applied.error.message);
  const parsed = parseScenario(applied.value);
  return parsed.ok ? [] : parsed.error;
}

describe('FUGU fast path (Table 4-4)', () => {
  it.each([
    ['soft', 66, 115],
    ['hard', 54, 87],
    ['kernel', 32, 54],
  ] as const)(
    '%s atomicity: send 7, subtotal %i, interrupt total %i',
    (atomicity, subtotal, total) => {
      const { events, stats } = run(fastPath(), [{ path: 'system.atomicity', value: atomicity }]);
      expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
      const slices = phaseSlices(events);
      const first = slices.filter((s) => s.message === 0);
      const send = first.filter((s) => s.part === 'Table 4-4 send');
      expect(send.reduce((t, s) => t + s.end - s.start, 0)).toBe(7);
      const receive = first.filter((s) => s.part === 'Table 4-4 receive (interrupt)');
      const raise = Math.min(...receive.map((s) => s.start));
      const handler = receive.find((s) => s.actor === 'handler')!;
      expect(handler.start - raise).toBe(subtotal);
      expect(Math.max(...receive.map((s) => s.end)) - raise).toBe(total);
      expect(stats.overhead.direct).toBe(total);
      expect(stats.byPath['fast upcall']).toBe(8);
    },
  );

  it('a message of k arguments costs 3k more to send and 2k more in its handler', () => {
    const { events } = run(fastPath(), [
      { path: 'workload.apps.0.program.0.args', value: 4 },
      { path: 'workload.apps.0.program.2.args', value: 4 },
    ]);
    const slices = phaseSlices(events).filter((s) => s.message === 0);
    const sum = (part: string) =>
      slices.filter((s) => s.part === part).reduce((t, s) => t + s.end - s.start, 0);
    expect(sum('Table 4-4 send')).toBe(19);
    expect(sum('Table 4-4 receive (interrupt)')).toBe(123);
  });
});

describe('FUGU bad input', () => {
  const cases: [string, Override[], string, string, RegExp][] = [
    [
      'a timeout of 0',
      [{ path: 'system.atomicityTimeout', value: 0 }],
      'system.atomicityTimeout',
      'SCN003',
      /1\.\.100000000, got 0/,
    ],
    [
      'a threshold above the pages a node has',
      [
        { path: 'system.pages', value: { perNode: 8 } },
        { path: 'workload.apps.0.threshold', value: 9 },
      ],
      'workload.apps.0.threshold',
      'SCN003',
      /more than a node has/,
    ],
    [
      'a handler longer than the run',
      [{ path: 'workload.apps.0.handlers.0.cycles', value: 30_000 }],
      'workload.apps.0.handlers.0.cycles',
      'SCN003',
      /cannot finish within the run/,
    ],
    [
      'a GID no process has',
      [{ path: 'system.scheduler', value: { round: [1, 7] } }],
      'system.scheduler.round.1',
      'SCN014',
      /no application has GID 7/,
    ],
    [
      'a 17-word message',
      [{ path: 'workload.apps.0.program.0.args', value: 15 }],
      'workload.apps.0.program.0.args',
      'SCN003',
      /at most 16 words.*make 17/,
    ],
  ];
  it.each(cases)('%s is refused naming the field', (_what, overrides, path, code, message) => {
    const found = issues(fastPath(), overrides);
    expect(found).toHaveLength(1);
    expect(found[0]!.code).toBe(code);
    expect(found[0]!.path).toBe(path);
    expect(found[0]!.message).toMatch(message);
  });

  it('soft atomicity refuses polling (Table 4-4: n.a.)', () => {
    const found = issues(fastPath(), [
      {
        path: 'workload.apps.0.program',
        value: [{ op: 'beginatom' }, { op: 'poll', messages: 1 }],
      },
    ]);
    expect(found.map((i) => [i.code, i.path])).toEqual([['SCN016', 'workload.apps.0.program.1']]);
  });
});

describe('FUGU share links', () => {
  it('carry every FUGU setting', () => {
    const parsed = parseScenario(fastPath());
    if (!parsed.ok) throw new Error('fast path');
    const settings = fuguSettings(parsed.value as never);
    expect(settings.map((s) => s.key)).toEqual([
      'atomicity',
      'policy',
      'threshold',
      'skew',
      'forceBuffered',
    ]);
    for (const s of settings) {
      // The last choice differs from the scenario's own for every setting.
      const [, value] = s.options[s.options.length - 1]!;
      const overrides = [{ path: s.path, value }];
      const link = encodeLink({
        source: { kind: 'builtin', id: 'fugu-fast-path', overrides },
        cycle: 5,
      });
      const back = decodeLink(link);
      if (!back?.ok || back.value.source.kind !== 'builtin') throw new Error(link);
      const applied = applyOverrides(fastPath(), back.value.source.overrides);
      const reparsed = parseScenario(applied.ok ? applied.value : null);
      if (!reparsed.ok) throw new Error(JSON.stringify(reparsed.error));
      expect(s.current(reparsed.value as never), s.key).toBe(
        String(s.options[s.options.length - 1]![0]),
      );
    }
  });
});

describe('FUGU liveness: runs the soak (tools/soak/fugu.ts) once found never ending', () => {
  const app = (program: unknown[], cycles: number) => ({
    name: 'A',
    gid: 1,
    handlers: [{ name: 'h', cycles }],
    program,
    repeat: 3,
  });

  it('halts while the scheduler runs on some node at every cycle (short slices, skew)', () => {
    const run = runFugu({
      system: {
        kind: 'fugu',
        nodes: 4,
        scheduler: { timeslice: 309, skew: 0.9, switchCycles: 194 },
      },
      workload: {
        apps: [
          {
            ...app(
              [
                { op: 'send', to: 'all', handler: 'h' },
                { op: 'compute', cycles: 71 },
              ],
              524,
            ),
            nodes: [2, 3],
          },
        ],
      },
      limits: { maxCycles: 200_000 },
    });
    expect(run.violations).toEqual([]);
    expect(run.halted).toBe(true);
    expect(run.stats.delivered).toBe(6);
  });

  it.each(['soft', 'hard', 'kernel'] as const)(
    '%s: cross-domain upcalls deadlocked on their replies (Fig. 3-3) are revoked by the timer',
    (atomicity) => {
      // upcall-always, and A has finished on nodes 0 and 1: each node's request runs A's handler
      // by a cross-domain upcall, which disposes it; vp 2's messages then fill both one-message
      // receivers, so each handler's reply waits for the other node's queue, whose head waits for
      // that node's handler. The timer the kernel forces for a cross-domain upcall ends it.
      const { events, stats } = run({
        version: 1,
        id: 'fugu-cross-domain-deadlock',
        title: 'Fig. 3-3 through cross-domain upcalls',
        system: {
          kind: 'fugu',
          nodes: 3,
          atomicity,
          atomicityTimeout: 1000,
          network: { latency: 200, receiverLimit: 1 },
        },
        workload: {
          apps: [
            {
              name: 'A',
              gid: 1,
              policy: 'upcall-always',
              handlers: [{ name: 'request', cycles: 400, reply: 'reply' }, { name: 'reply' }],
              program: [
                { op: 'send', vps: [0], to: 1, handler: 'request' },
                { op: 'send', vps: [1], to: 0, handler: 'request' },
                { op: 'compute', vps: [2], cycles: 300 },
                { op: 'send', vps: [2], to: 0, handler: 'reply' },
                { op: 'send', vps: [2], to: 1, handler: 'reply' },
              ],
            },
          ],
        },
        limits: { maxCycles: 100_000 },
      });
      expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
      expect(events.some((e) => e.kind === 'sim.halt')).toBe(true);
      expect(stats.delivered).toBe(6);
      const requests = events.filter(
        (e) => e.kind === 'fugu.handler' && e.what === 'end' && e.how === 'cross-domain',
      );
      expect(requests.map((e) => (e.kind === 'fugu.handler' ? e.node : -1)).sort()).toEqual([0, 1]);
      // Each request's handler was timed out in its upcall, then finished in A's own process.
      const timeouts = events.filter(
        (e) => e.kind === 'fugu.intr' && e.what === 'atomicity-timeout',
      );
      expect(timeouts.map((e) => (e.kind === 'fugu.intr' ? e.node : -1)).sort()).toEqual([0, 1]);
      const buffered = events.filter(
        (e) => e.kind === 'fugu.mode' && e.trigger === 'atomicity timeout' && e.sub === 'deferred',
      );
      expect(buffered).toHaveLength(2);
    },
  );

  it('a cross-domain upcall runs the same handler: a reply composed from the window disposes after it', () => {
    const exchange = (receiverLimit: number) =>
      run({
        version: 1,
        id: 'fugu-cross-domain-remote-read',
        title: 'Remote reads answered from the window, by cross-domain upcalls',
        system: {
          kind: 'fugu',
          nodes: 2,
          atomicityTimeout: 1000,
          network: { latency: 200, receiverLimit },
        },
        workload: {
          apps: [
            {
              name: 'A',
              gid: 1,
              policy: 'upcall-always',
              handlers: [
                { name: 'read', cycles: 100, reply: 'data', disposeAfterReply: true },
                { name: 'data' },
              ],
              program: [
                { op: 'send', vps: [0], to: 1, handler: 'read' },
                { op: 'send', vps: [1], to: 0, handler: 'read' },
              ],
            },
          ],
        },
        limits: { maxCycles: 100_000 },
      });
    // Room for both: each node's request stays in its window until the reply has launched.
    const roomy = exchange(4);
    expect(roomy.stats.byPath['cross-domain']).toBe(4);
    for (const node of [0, 1]) {
      const after = (from: number, pick: (e: (typeof roomy.events)[number]) => boolean) =>
        roomy.events.findIndex((e, i) => i > from && 'node' in e && e.node === node && pick(e));
      const request = after(-1, (e) => e.kind === 'fugu.handler' && e.how === 'cross-domain');
      const reply = after(request, (e) => e.kind === 'fugu.send' && e.what === 'launch');
      const disposed = after(
        request,
        (e) => e.kind === 'fugu.uac' && e.bit === 'disposePending' && !e.value,
      );
      expect(request).toBeGreaterThan(0);
      expect(reply).toBeGreaterThan(request);
      expect(disposed).toBeGreaterThan(reply);
    }
    // One-message receivers: each reply waits for the other's window, which holds its request
    // (Fig. 3-3). The timer revokes both upcalls before their dispose; the requests are buffered.
    const tight = exchange(1);
    expect(tight.events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
    expect(tight.events.some((e) => e.kind === 'sim.halt')).toBe(true);
    expect(tight.stats.delivered).toBe(4);
    expect(tight.stats.byPath.buffered).toBe(2);
  });

  it('a handler rolled back at every slice end restarts on the buffered stub, not the direct one', () => {
    // A handler that disposes after its reply, longer than a slice: each slice's end catches it
    // before its dispose and rolls it back [004 L1273]. Restarted on the direct stub, it was
    // rolled back again at every slice end and never finished (the soak found it).
    const run = runFugu({
      system: {
        kind: 'fugu',
        nodes: 2,
        network: { latency: 1, receiverLimit: 1 },
        scheduler: { timeslice: 300, skew: 0, switchCycles: 0 },
      },
      workload: {
        apps: [
          {
            name: 'A',
            gid: 1,
            handlers: [
              { name: 'read', cycles: 300, reply: 'data', disposeAfterReply: true },
              { name: 'data' },
            ],
            program: [{ op: 'send', to: 'next', handler: 'read' }],
          },
        ],
      },
      limits: { maxCycles: 50_000 },
    });
    expect(run.violations).toEqual([]);
    expect(run.halted).toBe(true);
    expect(run.stats.delivered).toBe(4);
    expect(run.stats.byPath.buffered).toBe(4);
  });

  it('a poll in an atomic section the timeout revoked reads the buffered messages (transparency)', () => {
    const run = runFugu({
      system: { kind: 'fugu', nodes: 4, atomicity: 'kernel', atomicityTimeout: 35 },
      workload: {
        apps: [
          app(
            [
              { op: 'send', to: 'next', handler: 'h', args: 13 },
              { op: 'compute', cycles: 7 },
              { op: 'beginatom', vps: [1] },
              { op: 'poll', vps: [1], messages: 1 },
              { op: 'endatom', vps: [1] },
            ],
            600,
          ),
        ],
      },
      limits: { maxCycles: 200_000 },
    });
    expect(run.violations).toEqual([]);
    expect(run.halted).toBe(true);
    expect(run.stats.delivered).toBe(12);
    expect(run.stats.byPath.buffered).toBeGreaterThan(0);
  });
});
