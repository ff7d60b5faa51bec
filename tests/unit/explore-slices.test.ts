/**
 * The worker's exploration in slices: a slice keeps to its time budget and to `until`, the digest
 * it keeps is the log's, and a run that would pass the memory budget stops there with SIM002.
 */
import { describe, expect, it } from 'vitest';
import { digestEvents, Session } from '../../sim-core/session';
import { builtinScenarios, findBuiltin } from '../../scenarios/index';
import { heapWeight } from '../../src/worker/memory-budget';
import { SliceExplorer } from '../../src/worker/slices';
import { scenarioOf } from '../property/support';

const scenario = scenarioOf(findBuiltin('antipode')!.doc);

/** A clock that moves 1 ms each time it is read: slices end after a known number of reads. */
function tickingClock() {
  let t = 0;
  return () => t++;
}

describe('SliceExplorer', () => {
  it('explores in slices that keep to their budget, never moving the shown cycle', () => {
    const session = new Session(scenario);
    session.seek(5);
    const slices = new SliceExplorer(session, tickingClock());
    slices.run(10);
    const first = session.timeline.explored;
    expect(first).toBeGreaterThan(5);
    expect(session.complete).toBe(false);
    expect(session.cycle).toBe(5);
    slices.run(10, first + 3);
    expect(session.timeline.explored).toBe(first + 3);
    while (!session.complete) slices.run(10);
    expect(slices.finalDigest()).toBe(digestEvents(session.timeline.log.slice()));
    expect(slices.stopped).toBeNull();
  });

  it('says nothing of a digest before the run is explored to its end', () => {
    const slices = new SliceExplorer(new Session(scenario), tickingClock());
    slices.run(2);
    expect(slices.finalDigest()).toBe('');
  });

  it('stops a run that would pass the memory budget, with SIM002, and keeps it exact', () => {
    const busy = scenarioOf(findBuiltin('chaos-vs-dor')!.doc);
    const full = new Session(busy);
    full.exploreAll();
    const session = new Session(busy);
    // Indexes of 40 positions an event outgrow a 3 MB budget (the log itself drops old events).
    const slices = new SliceExplorer(
      session,
      tickingClock(),
      3_000_000,
      () => 40 * session.timeline.log.length,
    );
    while (!session.complete) slices.run(50);
    expect(slices.stopped).toMatchObject({ code: 'SIM002', path: '' });
    const cap = session.timeline.explored;
    expect(cap).toBeLessThan(full.timeline.lastCycle);
    expect(slices.stopped!.message).toContain(`explored to cycle ${cap} only`);
    expect(session.view().lastCycle).toBe(cap);
    expect(session.seek(cap + 500).cycle).toBe(cap);
    expect(session.timeline.explored).toBe(cap);
    // Keyframes were thinned first (a step back replays more), and every cycle stays exact.
    expect(session.timeline.keyframeSpacing).toBeGreaterThan(64);
    expect(cap).toBeGreaterThan(300);
    for (const c of [cap - 3, 1, cap, 130, 129, 257])
      expect(session.seek(c).frame).toEqual(full.seek(c).frame);
    expect(slices.finalDigest()).toBe(
      digestEvents(full.timeline.log.slice().filter((e) => e.cycle <= cap)),
    );
  });
});

describe('the memory budget', () => {
  it("weighs the log's query indexes too", () => {
    const busy = scenarioOf(findBuiltin('chaos-vs-dor')!.doc);
    const capAt = (indexEntries: (session: Session) => number) => {
      const session = new Session(busy);
      const slices = new SliceExplorer(session, tickingClock(), 3_000_000, () =>
        indexEntries(session),
      );
      // Eight cycles at a time, so the cycle it stops at tells the two weights apart.
      while (!session.complete) slices.run(50, session.timeline.explored + 8);
      expect(slices.stopped).toMatchObject({ code: 'SIM002' });
      return session.timeline.explored;
    };
    // An index of 40 positions per event of the log leaves room for fewer cycles than one of 20.
    const without = capAt((session) => 20 * session.timeline.log.length);
    const withIndexes = capAt((session) => 40 * session.timeline.log.length);
    expect(withIndexes).toBeLessThan(without);
  });

  // Every lecture scenario explores to its end in the app.
  it.each(builtinScenarios.map((b) => [b.id, b.doc] as const))('%s fits in it', (_id, doc) => {
    const session = new Session(scenarioOf(doc));
    const slices = new SliceExplorer(session, tickingClock());
    while (!session.complete) slices.run(1000);
    expect(slices.stopped).toBeNull();
  });

  it('weighs plain data by its objects, slots, strings and typed arrays', () => {
    expect(heapWeight([{ a: 1, b: 2 }])).toBe(16 + 8 + 16 + 16);
    expect(heapWeight('abc')).toBe(19);
    expect(heapWeight(new Float64Array(4))).toBe(64 + 32);
  });
});
