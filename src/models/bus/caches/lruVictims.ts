/**
 * The way an LRU cache would evict next in each full set, mirroring chooseWay in sim-core: an
 * invalid way is always taken first (so a set with one has no victim to show), and ways
 * mid-transaction are never chosen.
 */
import type { BusFrame, Protocol } from '../../../../sim-core/index';

type Line = BusFrame['caches'][number]['lines'][number];

/** Keys `${set}-${way}` of the next victims. */
export function lruVictims(lines: readonly Line[], protocol: Protocol): Set<string> {
  const bySet = new Map<number, Line[]>();
  for (const line of lines) bySet.set(line.set, [...(bySet.get(line.set) ?? []), line]);
  const victims = new Set<string>();
  for (const [set, ways] of bySet) {
    if (ways.length < 2 || ways.some((l) => l.state === 'I')) continue;
    const candidates = ways.filter((l) => !protocol.states[l.state]?.transient);
    const victim = candidates.reduce<Line | null>(
      (best, l) => (best === null || l.lastUse < best.lastUse ? l : best),
      null,
    );
    if (victim) victims.add(`${set}-${victim.way}`);
  }
  return victims;
}
