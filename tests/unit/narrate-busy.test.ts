/**
 * A busy torus's cycle is summarised, not told move by move: hundreds of sentences a cycle would
 * bury the story and push the picture off the screen. Rare moves are still told in full.
 */
import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios/index';
import { applyOverrides, parseScenario, Session } from '../../sim-core/index';

function session(id: string, sets: Record<string, unknown> = {}): Session {
  const doc = findBuiltin(id)!.doc;
  const applied = applyOverrides(
    doc,
    Object.entries(sets).map(([path, value]) => ({ path, value })),
  );
  if (!applied.ok) throw new Error('the overrides do not apply');
  const parsed = parseScenario(applied.value);
  if (!parsed.ok) throw new Error('the scenario does not parse');
  return new Session(parsed.value);
}

describe('narration of a busy network cycle', () => {
  const s = session('chaos-vs-dor', {
    'system.k': 8,
    'system.router': 'chaos',
    'workload.traffic.load': 0.5,
    'workload.traffic.until': 800,
    'limits.maxCycles': 800,
  });

  it('counts the moves by kind, and the counts add up to the events', () => {
    const view = s.seek(600);
    const moves = view.events.filter((e) => e.kind.startsWith('net.'));
    expect(moves.length).toBeGreaterThan(6);
    expect(view.narration).toContain('The event log lists every move');
    expect(view.narration).not.toMatch(/router \d+: packet \d+ cuts through/);
    const counted = [
      ...view.narration.matchAll(
        /(\d+) (?:packets? (?:arrives?|enters?)|cuts? through|leaves? (?:its|their|a)|pass(?:es)? to|waits? in|(?:is|are) (?:derouted|exchanged|deflected))/g,
      ),
    ]
      .map((m) => Number(m[1]))
      .reduce((a, b) => a + b, 0);
    const routed = view.events.filter(
      (e) =>
        e.kind === 'net.route' ||
        e.kind === 'net.deliver' ||
        e.kind === 'net.inject' ||
        (e.kind === 'net.buffer' && !e.exchange),
    ).length;
    expect(counted).toBe(routed);
  });

  it('still tells a deroute in a busy cycle in full', () => {
    // F5: hot spot on a 12×12 torus, where the multi-queues fill and packets are derouted.
    const hot = session('hotspot');
    let found = false;
    for (let c = 400; c < 1500 && !found; c++) {
      const view = hot.seek(c);
      const moves = view.events.filter((e) => e.kind.startsWith('net.')).length;
      if (moves > 6 && view.events.some((e) => e.kind === 'net.route' && e.reason === 'deroute')) {
        expect(view.narration).toMatch(/router \d+: packet \d+ is DEROUTED/);
        found = true;
      }
    }
    expect(found).toBe(true);
  });

  it('tells a quiet cycle move by move', () => {
    const quiet = session('one-packet');
    for (let c = 1; c < 200; c++) {
      const view = quiet.seek(c);
      const moves = view.events.filter((e) => e.kind.startsWith('net.')).length;
      if (moves > 0 && moves <= 6) {
        expect(view.narration).not.toContain('The event log lists every move');
        return;
      }
    }
    throw new Error('no quiet cycle with moves');
  });
});
