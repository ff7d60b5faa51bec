/**
 * The sweep helper's Web Worker (sweep-share.ts): started by the simulator's worker for a sweep
 * whose plan can be shared, it runs its share of the points and reports each one back.
 */
import { expose, type Endpoint } from 'comlink';
import { SweepShare } from './sweep-share';

expose(new SweepShare(), self as unknown as Endpoint);
