/**
 * The two transports of SimApi. The app uses the worker so the main thread never blocks while the
 * simulation runs; tests (and a browser without module workers) use the in-process one.
 */
import { wrap, type Remote } from 'comlink';
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
  return { api: remote as unknown as SimApi, terminate: () => worker.terminate() };
}
