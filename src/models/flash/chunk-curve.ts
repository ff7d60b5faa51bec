/**
 * The sender's time a line against the chunk factor k (Fig. 10 [003 L144]), read off the transfer
 * handler's own steps and costs (the meta's listing): clean lines cost p + F/k, F being what an
 * invocation pays once (state load, initialisation, reschedule); dirty lines are chained through
 * the processor cache, which takes the next get only when the previous line's transfer ends.
 */
import type { FlashMeta } from '../../../sim-core/ni/flash/flash-meta';

const cost = (meta: FlashMeta, name: string) => meta.costs.find((c) => c.name === name)?.value ?? 0;

export interface CurvePoint {
  k: number;
  clean: number;
  dirty: number;
}

export function chunkCurve(meta: FlashMeta, ks: readonly number[] = [1, 2, 4, 8]): CurvePoint[] {
  const c = (n: string) => cost(meta, n);
  const once = c('stateLoad') + c('xferInit') + c('reschedule');
  const cleanLine = c('dirCheck') + c('readIssue') + c('headerForm') + c('sendUpdate');
  const toGet = c('stateLoad') + c('xferInit') + c('dirCheck');
  const afterState = c('cacheState') + c('dirtyFinish');
  const chain = Math.max(c('cacheLastWord') + c('cacheTurnaround'), afterState + c('dirCheck'));
  return ks.map((k) => ({
    k,
    clean: cleanLine + once / k,
    dirty: (toGet + (k - 1) * chain + afterState + c('reschedule')) / k,
  }));
}

/** The dirty floor: the processor cache's latency for a line (43 cycles [003 L77, L144]). */
export const dirtyFloor = (meta: FlashMeta) => cost(meta, 'cacheLastWord');
