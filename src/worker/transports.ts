/**
 * The two transports of SimApi. The app uses the worker so the main thread never blocks while the
 * simulation runs; tests (and a browser without module workers) use the in-process one, whose
 * simulator is loaded on first use, so the page itself never carries it.
 */
import { proxy, wrap, type Remote } from 'comlink';
import { unpackView } from './packed-view';
import type { LogAnswer, LogQuery } from './log-query/queries';
import type { PackedNavigation, SimApi, SweepProgress, SweepResult } from './sim-api';

export function createInProcessSim(): SimApi {
  let service: Promise<SimApi> | null = null;
  const sim = () => (service ??= import('./sim-service').then((m) => new m.SimService()));
  return {
    load: async (spec, cycle) => (await sim()).load(spec, cycle),
    explore: async (request) => (await sim()).explore(request),
    queryLog: async (query) => (await sim()).queryLog(query),
    seek: async (cycle) => (await sim()).seek(cycle),
    step: async (delta) => (await sim()).step(delta),
    nextEvent: async () => (await sim()).nextEvent(),
    prevEvent: async () => (await sim()).prevEvent(),
    sweep: async <P>(name: string, request: unknown, onProgress?: SweepProgress<P>) =>
      (await sim()).sweep<P>(name, request, onProgress),
    cancelSweep: async () => (await sim()).cancelSweep(),
    frames: async (from, to) => (await sim()).frames(from, to),
    predict: async (kinds) => (await sim()).predict(kinds),
    checkPrediction: async (question, value) => (await sim()).checkPrediction(question, value),
    predictIn: async (doc, cycle, kind, target) =>
      (await sim()).predictIn(doc, cycle, kind, target),
  };
}

export interface WorkerSim {
  api: SimApi;
  terminate: () => void;
}

export function createWorkerSim(): WorkerSim {
  const worker = new Worker(new URL('./sim.worker.ts', import.meta.url), {
    type: 'module',
    name: 'ni-lab-sim',
  });
  const remote: Remote<SimApi & PackedNavigation> = wrap<SimApi & PackedNavigation>(worker);
  const api: SimApi = {
    load: (spec, cycle) => remote.load(spec, cycle),
    explore: (request) => remote.explore(request),
    // Comlink's types do not carry a generic method: its answer is the query's own.
    queryLog: <Q extends LogQuery>(query: Q) =>
      (remote.queryLog as (query: LogQuery) => Promise<unknown>)(query) as Promise<LogAnswer<Q>>,
    // Navigation replies arrive as JSON text when that carries them exactly: cheaper to parse
    // here than a structured clone (see packView).
    seek: async (cycle) => unpackView(await remote.seekPacked(cycle)),
    step: async (delta) => unpackView(await remote.stepPacked(delta)),
    nextEvent: async () => unpackView(await remote.nextEventPacked()),
    prevEvent: async () => unpackView(await remote.prevEventPacked()),
    // A callback cannot be cloned into the worker: it travels as a Comlink proxy.
    sweep: <P>(name: string, request: unknown, onProgress?: SweepProgress<P>) =>
      remote.sweep(
        name,
        request,
        onProgress ? proxy(onProgress as SweepProgress<unknown>) : undefined,
      ) as Promise<SweepResult<P>>,
    cancelSweep: () => remote.cancelSweep(),
    frames: (from, to) => remote.frames(from, to),
    predict: (kinds) => remote.predict(kinds),
    checkPrediction: (question, value) => remote.checkPrediction(question, value),
    predictIn: (doc, cycle, kind, target) => remote.predictIn(doc, cycle, kind, target),
  };
  return { api, terminate: () => worker.terminate() };
}
