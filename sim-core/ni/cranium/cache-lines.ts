/**
 * The processor's cache as the NI sees it (digest seed-001 §C.14): named lines of the pinned
 * pages and of the queue entries, each CE, DE or absent (I), changed by the processor's loads and
 * stores and by the NI's DMA writes (invalidate or update).
 */
import type { QueueName } from './queue-names';
import { emit, type CraniumCtx } from './cranium-context';
import type { CacheLineState, NodeState } from './cranium-state';

export const lineName = (handle: number, line: number) => `buf${handle}[${line}]`;

/** How the cache names a queue entry's two lines. */
const QUEUE_LINE: Record<QueueName, string> = {
  user: 'userq',
  userError: 'uerrq',
  system: 'sysq',
  systemError: 'syserrq',
};
export const flagLineName = (q: QueueName, slot: number) => `${QUEUE_LINE[q]}[${slot}].flag`;
export const payloadLineName = (q: QueueName, slot: number) => `${QUEUE_LINE[q]}[${slot}].payload`;

/** A cache line's new state; an update in place (`inPlace`) is reported even when unchanged. */
export function cacheTo(
  ctx: CraniumCtx,
  node: NodeState,
  line: string,
  to: CacheLineState,
  why: string,
  inPlace = false,
): void {
  const from = node.cache[line] ?? 'I';
  if (from === to && !inPlace) return;
  if (to === 'I') delete node.cache[line];
  else node.cache[line] = to;
  emit(ctx, { kind: 'cr.cache', node: node.node, line, from, to, why });
}
