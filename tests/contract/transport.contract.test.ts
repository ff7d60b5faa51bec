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

const worker = createWorkerSim();
afterAll(() => worker.terminate());

const transports: [string, SimApi][] = [
  ['in-process', createInProcessSim()],
  ['worker', worker.api],
];

async function script(api: SimApi, id: string) {
  const loaded = await api.load({ kind: 'builtin', id, overrides: [] });
  if (!loaded.ok) throw new Error(`${id} failed to load`);
  const views = [
    await api.nextEvent(),
    await api.step(5),
    await api.step(-2),
    await api.seek(loaded.view.lastCycle),
    await api.prevEvent(),
    await api.seek(1),
  ];
  return { log: loaded.log, digest: loaded.digest, views };
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
      const result = await api.sweep({ ...request, routers: [...request.routers] }, (done) => {
        progress.push(done);
      });
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
    const running = api.sweep({ ...request, routers: [...request.routers] }, (done) => {
      if (done === 1) void api.cancelSweep();
    });
    const result = await running;
    expect(result.cancelled).toBe(true);
    expect(result.points).toHaveLength(1);
  });
});
