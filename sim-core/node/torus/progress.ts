/**
 * Torus-node kit: what counts as progress for the progress watchdog (kernel/watchdog.ts) of a
 * model on the torus: a packet entering or leaving the network, an event at a node, a processor
 * working. A packet moving from router to router is not, by itself: around a node that no longer
 * takes packets (a frozen NI nobody thaws), chaotic routers send them round and round for ever.
 * With packets held still the torus's own watchdog also names the frames that hold them
 * (network/watchdog.ts).
 */
import type { ProcessorState } from './processor';

/** Events of packets moving inside the network, and stall reports: not progress. */
const NOT_PROGRESS: ReadonlySet<string> = new Set([
  'net.route',
  'net.buffer',
  'net.stall',
  'sim.stall',
]);

export function nodesProgressed(
  processors: readonly ProcessorState<unknown, unknown>[],
  cycle: number,
  events: readonly { kind: string }[],
): boolean {
  if (events.some((e) => !NOT_PROGRESS.has(e.kind))) return true;
  return processors.some(
    (p) => p.status !== 'done' && (cycle < p.busyUntil || p.finishing !== null),
  );
}
