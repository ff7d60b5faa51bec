/**
 * The FLASH model (seed 003): Table 1's phases and T(N) = 284 + 40·N; the handler timeline's
 * anchors; the Inbox's dispatch table; the directory's protocol table; the naive handler's
 * deadlock against the software queue's; address validity by invalidation (fault and resume)
 * and by hold-off (the synchronous-send deadlock); NACK and retry; the invariants' checks; bad
 * input with its codes; a snapshot run again gives the same events, on the pipe and the torus.
 */
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import { clonePlain } from '../../sim-core/kernel/clone';
import { parseScenario } from '../../sim-core/scenario/parse';
import { FLASH_DIRECTORY } from '../../sim-core/ni/flash/directory';
import { DISPATCH, dispatchRow } from '../../sim-core/ni/flash/dispatch';
import type { FlashModelEvent } from '../../sim-core/ni/flash/flash-events';
import type { FlashScenario } from '../../sim-core/ni/flash/flash-schema';
import { FlashSystem } from '../../sim-core/ni/flash/flash-system';
import { HANDLERS, labelIndex } from '../../sim-core/ni/flash/handlers';
import { flashConfigOf } from '../../sim-core/ni/flash/module';

type Doc = Record<string, unknown>;

function doc(system: Doc, workload: Doc): Doc {
  return {
    version: 1,
    id: 't',
    title: 't',
    topic: 'flash',
    system: { kind: 'flash', ...system },
    workload,
  };
}

function build(d: Doc): FlashSystem {
  const parsed = parseScenario(d);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return new FlashSystem(flashConfigOf(parsed.value as FlashScenario));
}

function run(d: Doc, limit = 50_000): { sys: FlashSystem; events: FlashModelEvent[] } {
  const sys = build(d);
  const events: FlashModelEvent[] = [];
  while (!sys.state.halted && sys.state.cycle < limit) events.push(...sys.step());
  return { sys, events };
}

const oneWay = (bytes: number, extra: Doc = {}) => ({
  transfers: [{ from: 0, to: 1, bytes, ...extra }],
});
const builtin = (id: string) => builtinScenarios.find((s) => s.id === id)!.doc as Doc;

describe('Table 1 and Fig. 6', () => {
  it('a one-line transfer has the fixed cost 41 + 116 + 24 + 45 + 58 = 284, and takes 324', () => {
    const t = run(doc({}, oneWay(128))).sys.stats().transfers[0]!;
    expect(t.table1).toMatchObject({
      initiation: 41,
      setup: 116,
      initialLine: 24,
      network: 45,
      cleanup: 58,
      fixed: 284,
    });
    expect(t.cycles).toBe(324);
  });

  it.each([
    [8, 604],
    [32, 1564],
  ])('%i uncached lines take 284 + 40·N = %i cycles (network-bound)', (lines, cycles) => {
    expect(run(doc({}, oneWay(lines * 128))).sys.stats().transfers[0]!.cycles).toBe(cycles);
  });
});

describe('the handler timeline’s anchors (Figs. 8-9)', () => {
  const firstOf = (events: FlashModelEvent[], from: number, kind: string) =>
    events.find((e, i) => i > from && e.kind === kind);
  /** Index of the second transfer-handler start (the first runs straight on from the set-up). */
  const secondStart = (events: FlashModelEvent[]) =>
    events.findIndex(
      (e, i) =>
        e.kind === 'flash.handler' &&
        e.op === 'start' &&
        e.handler === 'transfer' &&
        events
          .slice(0, i)
          .some((x) => x.kind === 'flash.handler' && x.handler === 'transfer' && x.op === 'end'),
    );

  it('clean: the memory read is issued at PP cycle 18', () => {
    const sys = build(doc({}, oneWay(4096)));
    const stamped: (FlashModelEvent & { at: number })[] = [];
    while (!sys.state.halted)
      for (const e of sys.step()) stamped.push({ ...e, at: sys.state.cycle });
    const i = secondStart(stamped);
    const read = stamped.find(
      (e, j) => j > i && e.kind === 'flash.mem' && e.node === 0 && e.op === 'read',
    ) as unknown as { issue: number };
    expect(read.issue - stamped[i]!.at).toBe(18);
  });

  it('dirty: the get at 17, the stall at 32, the line state at 40', () => {
    const sys = build(doc({}, oneWay(4096, { sender: 'dirty' })));
    const stamped: (FlashModelEvent & { at: number })[] = [];
    while (!sys.state.halted)
      for (const e of sys.step()) stamped.push({ ...e, at: sys.state.cycle });
    const i = secondStart(stamped);
    const start = stamped[i]!.at;
    const get = firstOf(stamped, i, 'flash.cache') as FlashModelEvent & {
      at: number;
      state: number;
    };
    const stall = stamped.find(
      (e, j) =>
        j > i &&
        e.kind === 'flash.handler' &&
        e.op === 'stall' &&
        e.node === 0 &&
        e.what.startsWith('stall until'),
    )!;
    expect(get.at - start).toBe(17);
    expect(stall.at - start).toBe(32);
    expect(get.state - start).toBe(40);
  });
});

describe('dispatch and the directory', () => {
  it('every dispatch row names a handler, and the Inbox picks by type and address space', () => {
    for (const row of DISPATCH) expect(HANDLERS[row.handler]).toBeDefined();
    expect(dispatchRow('load', 'normal').handler).toBe('localRead');
    expect(dispatchRow('uwrite', 'message').handler).toBe('cmdWrite');
    expect(() => dispatchRow('uwrite', 'normal')).toThrow(/no handler/);
  });

  it('every label a handler jumps or branches to exists', () => {
    for (const [name, h] of Object.entries(HANDLERS))
      for (const step of h.steps) {
        const targets =
          step.do === 'branch' ? Object.values(step.to) : step.do === 'goto' ? [step.to] : [];
        for (const t of targets)
          expect(() => labelIndex(name as keyof typeof HANDLERS, t)).not.toThrow();
        if (step.do === 'jump')
          expect(() => labelIndex(step.handler as keyof typeof HANDLERS, step.to)).not.toThrow();
      }
  });

  it('the directory is a total table: a dirty line read for a send becomes busy, then shared', () => {
    expect(FLASH_DIRECTORY.table.dirty!.XferRead).toMatchObject({
      next: 'pendingRead',
      actions: ['getFromCache'],
    });
    expect(FLASH_DIRECTORY.table.pendingRead!.CacheReply).toMatchObject({ next: 'shared' });
    expect(FLASH_DIRECTORY.table.pendingRead!.XferRead.kind).toBe('stall');
  });

  it('a local read miss takes 27 cycles to the processor', () => {
    const sys = build(builtin('flash-macropipeline'));
    let load = -1;
    while (!sys.state.halted && load < 0) {
      sys.step();
      const cpu = sys.state.nodes[0]!.cpu;
      if (cpu.pc >= 1) load = sys.state.cycle;
    }
    expect(load - 1).toBe(27);
  });
});

describe('the software queue, and why the handler must yield', () => {
  it('the naive handler deadlocks both nodes; the chunked one finishes', () => {
    const naive = run(builtin('flash-must-yield'));
    expect(naive.events.some((e) => e.kind === 'flash.spin')).toBe(true);
    expect(naive.events.at(-1)).toMatchObject({
      kind: 'sim.halt',
      reason: 'a program waits forever',
    });
    const d = clonePlain(builtin('flash-must-yield')) as { system: Doc };
    d.system.handler = 'chunked';
    const chunked = run(d);
    expect(chunked.sys.stats().transfers.map((t) => t.status)).toEqual(['done', 'done']);
    expect(chunked.events.some((e) => e.kind === 'invariant.violation')).toBe(false);
  });

  it('the chunked transfer reschedules itself after every k lines', () => {
    const { events } = run(doc({ chunk: 4 }, oneWay(4096)));
    expect(events.filter((e) => e.kind === 'flash.swq' && e.op === 'reschedule')).toHaveLength(7);
  });
});

describe('address validity', () => {
  it('invalidation: the transfer faults, the OS answers, it resumes and completes', () => {
    const { sys, events } = run(builtin('flash-remap'));
    const ops = events.flatMap((e) => (e.kind === 'flash.xlate' ? [e.op] : []));
    expect(ops).toEqual(expect.arrayContaining(['invalidate', 'fault', 'resume']));
    expect(sys.stats().transfers.every((t) => t.status === 'done')).toBe(true);
  });

  it('hold-off: the remap waits for the send, which waits for the receive: deadlock', () => {
    const d = clonePlain(builtin('flash-remap')) as { system: Doc };
    d.system.addressValidity = 'hold-off';
    const { sys, events } = run(d);
    expect(events.some((e) => e.kind === 'flash.xlate' && e.op === 'defer')).toBe(true);
    expect(events.at(-1)).toMatchObject({ reason: 'a program waits forever' });
    expect(sys.state.nodes[0]!.holdOff.count).toBe(1);
  });
});

describe('the command sequence', () => {
  it('a context switch loses nothing; with one operation at a time the commit is NACKed, then retried and accepted', () => {
    const { sys, events } = run(builtin('flash-command-sequence'));
    const cmds = events.flatMap((e) =>
      e.kind === 'flash.cmd' && e.node === 0 ? [`${e.op}:${e.transfer}`] : [],
    );
    expect(cmds).toContain('nack:0');
    expect(cmds.indexOf('ack:1')).toBeLessThan(cmds.indexOf('nack:0'));
    expect(cmds.lastIndexOf('ack:0')).toBeGreaterThan(cmds.indexOf('nack:0'));
    expect(sys.stats().transfers.every((t) => t.status === 'done')).toBe(true);
  });
});

describe('the watchdog', () => {
  // Found by the soak (issue 23): one lane deadlocks, and node 1's third send, NACKed because two
  // operations are open, retried its commit for ever; each retry counted as progress, so the run
  // spun silently to its cycle cap instead of reporting the deadlock.
  it('a commit NACKed for ever behind a deadlock is no progress: the stall is reported', () => {
    const lane = (from: number, to: number, bytes: number, extra: Doc = {}) => ({
      from,
      to,
      bytes,
      receiveBytes: bytes,
      ...extra,
    });
    const d = doc(
      {
        nodes: 3,
        chunk: 8,
        coherence: 'pipelined',
        addressValidity: 'hold-off',
        network: { kind: 'torus', lanes: 1, window: 2, latency: 7 },
        queues: { processor: 2, networkIn: 3, networkOut: 3 },
        dataBuffers: 12,
        maxOps: 2,
      },
      {
        transfers: [
          lane(1, 2, 8832, { receiveBytes: 10_066 }),
          lane(1, 0, 6912, { receiveBytes: 9842 }),
          lane(1, 0, 16_384),
          lane(2, 0, 14_720, { sender: 'remote', owner: 1 }),
        ],
      },
    );
    const { sys, events } = run(d, 30_000);
    expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'a program waits forever' });
    const moved = events.map(
      (e) => e.kind === 'flash.send' || (e.kind === 'flash.arrive' && e.queue !== 'processor'),
    );
    const after = events.slice(moved.lastIndexOf(true));
    const nacks = after.filter((e) => e.kind === 'flash.cmd' && e.op === 'nack');
    expect(nacks.length).toBeGreaterThan(3);
    expect(sys.state.cycle).toBeLessThan(30_000);
  });
});

describe('the invariants are checked', () => {
  it('a directory that disagrees with the processor cache is reported', () => {
    const sys = build(doc({}, oneWay(128, { sender: 'dirty' })));
    sys.step();
    const line = Number(Object.keys(sys.state.nodes[0]!.dir)[0]);
    sys.state.nodes[0]!.cache[line] = 'I';
    expect(sys.step().some((e) => e.kind === 'invariant.violation' && e.rule === 'protocol')).toBe(
      true,
    );
  });

  it('credits are conserved: a credit changed by hand is reported', () => {
    const sys = build(doc({}, oneWay(128)));
    for (let i = 0; i < 100; i++) sys.step();
    sys.state.transfers[0]!.credit += 128;
    expect(
      sys.step().some((e) => e.kind === 'invariant.violation' && e.rule === 'conservation'),
    ).toBe(true);
  });
});

describe('bad input', () => {
  const issues = (d: Doc) => {
    const r = parseScenario(d);
    return r.ok ? [] : r.error.map((e) => `${e.code} ${e.path}`);
  };
  it.each([
    [{ chunk: 0 }, oneWay(4096), 'SCN003 system.chunk'],
    [{ costs: { cleanup: -1 } }, oneWay(4096), 'SCN003 system.costs.cleanup'],
    [{}, oneWay(4096, { receiveBytes: 1024 }), 'SCN012 workload.transfers.0.bytes'],
    [{}, oneWay(4096, { srcOffset: 24 }), 'SCN013 workload.transfers.0.srcOffset'],
    [{}, oneWay(100), 'SCN013 workload.transfers.0.bytes'],
    [
      {},
      { ...oneWay(4096), cpus: [{ node: 0, ops: [{ op: 'remap', transfer: 0, page: 2 }] }] },
      'SCN014 workload.cpus.0.ops.0.page',
    ],
  ])('%j %j → %s', (system, workload, expected) => {
    expect(issues(doc(system, workload))).toContain(expected);
  });
});

describe('time travel', () => {
  it.each(['pipe', 'torus'])('on the %s, a snapshot run again gives the same events', (kind) => {
    const d = doc(
      { network: { kind } },
      {
        transfers: [
          { from: 0, to: 1, bytes: 1024 },
          { from: 1, to: 0, bytes: 1024 },
        ],
      },
    );
    const sys = build(d);
    for (let i = 0; i < 300; i++) sys.step();
    const snap = clonePlain(sys.state);
    const ahead: FlashModelEvent[] = [];
    for (let i = 0; i < 400; i++) ahead.push(...sys.step());
    sys.state = sys.revive(snap);
    const again: FlashModelEvent[] = [];
    for (let i = 0; i < 400; i++) again.push(...sys.step());
    expect(again).toEqual(ahead);
  });
});

describe('the share link', () => {
  it('carries every FLASH setting the menus and compare choices change', async () => {
    const { encodeLink, decodeLink } = await import('../../sim-core/scenario/share-link');
    const { applyOverrides } = await import('../../sim-core/scenario/overrides');
    const overrides = [
      { path: 'system.chunk', value: 8 },
      { path: 'system.handler', value: 'chunked' },
      { path: 'system.network', value: { kind: 'torus', lanes: 1 } },
      { path: 'system.addressValidity', value: 'hold-off' },
      { path: 'system.coherence', value: 'collect' },
      { path: 'system.costs.cleanup', value: 70 },
      { path: 'workload.transfers.0.sender', value: 'dirty' },
      { path: 'workload.transfers.0.aligned', value: false },
      { path: 'workload.transfers.0.srcOffset', value: 24 },
    ];
    const link = encodeLink({
      source: { kind: 'builtin', id: 'flash-4kb-anatomy', overrides },
      cycle: 9,
    });
    const state = decodeLink(link);
    expect(state?.ok).toBe(true);
    if (!state?.ok || state.value.source.kind !== 'builtin') return;
    const applied = applyOverrides(builtin('flash-4kb-anatomy'), state.value.source.overrides);
    expect(applied.ok).toBe(true);
    const parsed = parseScenario(applied.ok ? applied.value : null);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const sc = parsed.value as FlashScenario;
    expect(sc.system).toMatchObject({
      chunk: 8,
      addressValidity: 'hold-off',
      coherence: 'collect',
      network: { kind: 'torus', lanes: 1 },
    });
    expect(sc.system.costs.cleanup).toBe(70);
    expect(sc.workload.transfers[0]).toMatchObject({
      sender: 'dirty',
      aligned: false,
      srcOffset: 24,
    });
  });
});
