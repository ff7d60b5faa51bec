/** The Web Worker: exposes one SimService over Comlink. The only file that runs in the worker. */
import { expose, type Endpoint } from 'comlink';
import { SimService } from './sim-service';

// The worker's own scope is the endpoint (explicit, so test shims that emulate `self` work too).
expose(new SimService(), self as unknown as Endpoint);
