/**
 * The two transports of SimApi. The app uses the worker so the main thread never blocks while the
 * simulation runs; tests (and a browser without module workers) use the in-process one.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { SimApi } from './sim-api';
import { SimService } from './sim-service';

export function createInProcessSim(): SimApi {
  return new SimService();
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
  const remote: Remote<SimApi> = wrap<SimApi>(worker);
  const api: SimApi = {
    load: (spec, cycle) => remote.load(spec, cycle),
    seek: (cycle) => remote.seek(cycle),
    step: (delta) => remote.step(delta),
    nextEvent: () => remote.nextEvent(),
    prevEvent: () => remote.prevEvent(),
    // A callback cannot be cloned into the worker: it travels as a Comlink proxy.
    sweep: (request, onProgress) =>
      remote.sweep(request, onProgress ? proxy(onProgress) : undefined),
    cniSweep: (request, onProgress) =>
      remote.cniSweep(request, onProgress ? proxy(onProgress) : undefined),
    cancelSweep: () => remote.cancelSweep(),
  };
  return { api, terminate: () => worker.terminate() };
}
