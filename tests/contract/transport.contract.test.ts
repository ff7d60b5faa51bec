/**
 * One SimApi, two transports: every lecture scenario loaded through the in-process service and
 * through the Web Worker (Comlink over postMessage, structured clone) must give identical event
 * logs, and the same navigation must give identical views.
 */
import '@vitest/web-worker';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import { createInProcessSim, createWorkerSim } from '../../src/worker/transports';
import type { SimApi } from '../../src/worker/sim-api';
import { digestEvents, type CniSweepPoint, type SweepPoint } from '../../sim-core/index';

const worker = createWorkerSim();
afterAll(() => worker.terminate());

const transports: [string, SimApi][] = [
  ['in-process', createInProcessSim()],
  ['worker', worker.api],
];

async function script(api: SimApi, id: string) {
  const loaded = await api.load({ kind: 'builtin', id, overrides: [] });
  if (!loaded.ok) throw new Error(`${id} failed to load`);
  // How much a load explores first depends on the machine's speed: explore the rest in slices.
  let { digest, logged } = loaded;
  for (let complete = digest !== ''; !complete;) {
    const slice = await api.explore({ budgetMs: 50 });
    ({ complete, digest, logged } = slice);
  }
  // The log stays in the worker: the whole of it, asked as a range of cycles.
  const log = await api.queryLog({
    kind: 'range',
    upTo: logged,
    from: 0,
    to: Number.MAX_SAFE_INTEGER,
  });
  expect(log).toHaveLength(logged);
  expect(digest).toBe(digestEvents(log));
  const views = [
    await api.nextEvent(),
    await api.step(5),
    await api.step(-2),
    await api.seek(loaded.view.lastCycle),
    await api.prevEvent(),
    await api.seek(1),
  ];
  return { log, digest, views };
}

describe.each(builtinScenarios.map((s) => s.id))('scenario %s', (id) => {
  it('gives identical event logs and views through both transports', async () => {
    const [a, b] = await Promise.all(transports.map(([, api]) => script(api, id)));
    expect(a!.log.length).toBeGreaterThan(0);
    expect(b!.digest).toBe(a!.digest);
    expect(b!.log).toEqual(a!.log);
    expect(b!.views).toEqual(a!.views);
  });
});

describe('bad input through the worker', () => {
  it('returns coded issues and keeps the loaded scenario', async () => {
    const good = await worker.api.load({
      kind: 'builtin',
      id: builtinScenarios[0]!.id,
      overrides: [],
    });
    expect(good.ok).toBe(true);
    const bad = await worker.api.load({
      kind: 'builtin',
      id: builtinScenarios[0]!.id,
      overrides: [{ path: 'system.nodes', value: 40 }],
    });
    expect(bad).toEqual({
      ok: false,
      issues: [{ code: 'SCN003', path: 'system.nodes', message: 'expected integer 1..16, got 40' }],
    });
    const still = await worker.api.seek(3);
    expect(still.cycle).toBe(3);
  });
});

describe('load sweeps', () => {
  const request = {
    routers: ['chaos', 'dor'] as const,
    loads: [0.1, 0.4],
    cycles: 600,
    warmup: 200,
  };

  it('give the same points through both transports, with progress after every point', async () => {
    const results = [];
    for (const [, api] of transports) {
      const loaded = await api.load({ kind: 'builtin', id: 'chaos-vs-dor', overrides: [] });
      expect(loaded.ok).toBe(true);
      const progress: number[] = [];
      const result = await api.sweep<SweepPoint>(
        'load',
        { ...request, routers: [...request.routers] },
        (done) => {
          progress.push(done);
        },
      );
      expect(progress).toEqual([1, 2, 3, 4]);
      expect(result.cancelled).toBe(false);
      results.push(result.points);
    }
    expect(results[1]).toEqual(results[0]);
    const [chaosHigh, dorHigh] = [results[0]![1]!, results[0]![3]!];
    expect(chaosHigh).toMatchObject({ router: 'chaos', offered: 0.4 });
    expect(dorHigh).toMatchObject({ router: 'dor', offered: 0.4 });
    expect(chaosHigh.accepted).toBeGreaterThan(dorHigh.accepted);
  });

  it('stops between points when cancelled', async () => {
    const api = createInProcessSim();
    await api.load({ kind: 'builtin', id: 'chaos-vs-dor', overrides: [] });
    const running = api.sweep<SweepPoint>(
      'load',
      { ...request, routers: [...request.routers] },
      (done) => {
        if (done === 1) void api.cancelSweep();
      },
    );
    const result = await running;
    expect(result.cancelled).toBe(true);
    expect(result.points).toHaveLength(1);
  });
});

describe('cni message-size sweeps', () => {
  const nis = ['NI2w', 'CNI4', 'CNI16Q', 'CNI512Q', 'CNI16Qm'] as const;

  it('give the same points through both transports, skipping CNI16Qm on the I/O bus', async () => {
    const results = [];
    for (const [, api] of transports) {
      const loaded = await api.load({ kind: 'builtin', id: 'cni-remote-pingpong', overrides: [] });
      expect(loaded.ok).toBe(true);
      const progress: [number, number][] = [];
      const result = await api.sweep<CniSweepPoint>(
        'message-size',
        { metric: 'latency', bus: 'io', nis: [...nis], sizes: [8, 64] },
        (done, total) => {
          progress.push([done, total]);
        },
      );
      expect(progress.map(([done]) => done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(progress.every(([, total]) => total === 8)).toBe(true);
      expect(result.cancelled).toBe(false);
      results.push(result.points);
    }
    expect(results[1]).toEqual(results[0]);
    const points = results[0]!;
    expect(points.map((p) => `${p.ni}@${p.bytes}`)).toEqual([
      'NI2w@8',
      'NI2w@64',
      'CNI4@8',
      'CNI4@64',
      'CNI16Q@8',
      'CNI16Q@64',
      'CNI512Q@8',
      'CNI512Q@64',
    ]);
    expect(points.every((p) => p.outcome === 'done' && p.bus === 'io')).toBe(true);
    const at = (ni: string, bytes: number) =>
      points.find((p) => p.ni === ni && p.bytes === bytes)!.value!;
    // Fig. 6b: a coherent queue beats NI2w's train of uncached accesses at 64 bytes.
    expect(at('CNI16Q', 64)).toBeLessThan(at('NI2w', 64));
    expect(at('NI2w', 64)).toBeGreaterThan(at('NI2w', 8));
  });

  it('measure bandwidth as a fraction of 144 MB/s on the memory bus, all five NIs', async () => {
    const loaded = await worker.api.load({
      kind: 'builtin',
      id: 'cni-remote-pingpong',
      overrides: [],
    });
    expect(loaded.ok).toBe(true);
    const result = await worker.api.sweep<CniSweepPoint>('message-size', {
      metric: 'bandwidth',
      bus: 'memory',
      nis: [...nis],
      sizes: [64],
    });
    expect(result.points.map((p) => p.ni)).toEqual([...nis]);
    for (const p of result.points) {
      expect(p.outcome).toBe('done');
      expect(p.value).toBeGreaterThan(0);
      expect(p.value).toBeLessThan(1);
    }
  });

  it('stops between points when cancelled', async () => {
    const api = createInProcessSim();
    await api.load({ kind: 'builtin', id: 'cni-remote-pingpong', overrides: [] });
    const result = await api.sweep<CniSweepPoint>(
      'message-size',
      { metric: 'latency', bus: 'memory', nis: [...nis], sizes: [8, 16] },
      (done) => {
        if (done === 1) void api.cancelSweep();
      },
    );
    expect(result.cancelled).toBe(true);
    expect(result.points).toHaveLength(1);
  });

  it('refuses a network scenario', async () => {
    const api = createInProcessSim();
    await api.load({ kind: 'builtin', id: 'chaos-vs-dor', overrides: [] });
    await expect(
      api.sweep('message-size', { metric: 'latency', bus: 'memory', nis: ['CNI16Q'], sizes: [8] }),
    ).rejects.toThrow('a network scenario has no message-size sweep');
  });
});

describe('predict, then see through both transports', () => {
  it('asks, checks and asks in another run alike', async () => {
    const run = async (api: SimApi) => {
      const loaded = await api.load({ kind: 'builtin', id: 'migratory-data', overrides: [] }, 144);
      if (!loaded.ok) throw new Error('migratory-data failed to load');
      const question = await api.predict(['nextBusTransaction']);
      if (!question) throw new Error('no question');
      const check = await api.checkPrediction(question, 'INV:1');
      const other = await api.predictIn(loaded.scenario, 44, 'cacheState', { cache: 0 });
      return { question, check, other, view: await api.step(0) };
    };
    const [a, b] = await Promise.all(transports.map(([, api]) => run(api)));
    expect(a!.check?.correct).toBe(true);
    expect(a!.view.cycle).toBe(144);
    expect(b).toEqual(a);
  });
});
