/** A check shared by the unit and property tests of CNI4's receive handshake (§B.2.3, §B.6.2). */
import type { SimEventBody } from '../../sim-core/trace/events';

/**
 * The processor's loads of a receive CDR between its CLEAR store reaching the NI and the NI's
 * "handshake done": the handshake's step 3 forbids them, since a copy P still holds then is the
 * message already taken, and a hit on it is a false hit.
 */
export function loadsDuringHandshake(events: readonly SimEventBody[]): string[] {
  const clearing = new Set<number>();
  const loads: string[] = [];
  for (const e of events) {
    if (e.kind === 'cni.device' && e.what.startsWith('CLEAR seen')) clearing.add(e.node);
    if (e.kind === 'cni.device' && e.what.startsWith('handshake done')) clearing.delete(e.node);
    if (
      e.kind === 'cni.access' &&
      e.agent === 'P' &&
      e.op === 'load' &&
      e.target.startsWith('rxCDR') &&
      clearing.has(e.node)
    )
      loads.push(`node ${e.node}: ${e.why} (${e.hit ? 'hit, stale' : 'miss'})`);
  }
  return loads;
}
