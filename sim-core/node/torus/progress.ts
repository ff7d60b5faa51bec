/**
 * Torus-node kit: what counts as progress for the progress watchdog (kernel/watchdog.ts) of a
 * model on the torus: a phit moving, an event (other than a stall report), a processor working.
 * With packets held still (a frozen inbox nobody thaws, say) the torus's own watchdog names the
 * frames that hold them (network/watchdog.ts); this one names what the programs and nodes wait for.
 */
import type { ProcessorState } from './processor';

export function nodesProgressed(
  processors: readonly ProcessorState<unknown, unknown>[],
  cycle: number,
  phitsMoved: boolean,
  events: readonly { kind: string }[],
): boolean {
  if (phitsMoved) return true;
  if (events.some((e) => e.kind !== 'net.stall' && e.kind !== 'sim.stall')) return true;
  return processors.some(
    (p) => p.status !== 'done' && (cycle < p.busyUntil || p.finishing !== null),
  );
}
