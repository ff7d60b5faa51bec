/**
 * The simulator's Web Worker: exposes one SimService over Comlink (with navigation replies packed
 * as JSON text, see packView). The only file of src/worker/ that runs in a worker.
 */
import { expose, type Endpoint } from 'comlink';
import { WorkerSimService } from './sim-service';

// The worker's own scope is the endpoint (explicit, so test shims that emulate `self` work too).
expose(new WorkerSimService(), self as unknown as Endpoint);
