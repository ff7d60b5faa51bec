/**
 * Time travel: the session's frame at any cycle, however it got there (forward, back, by event),
 * is exactly the frame of a fresh run stepped to that cycle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Session, digestEvents, type SessionView } from '../../sim-core/session';
import { createSim, type Frame } from '../../sim-core/sim';
import type { Scenario } from '../../sim-core/scenario/schema';
import { builtinScenarios } from '../../scenarios/index';
import { programsDoc, scenarioOf, busFrameOf } from '../property/support';

const KEYFRAME_EVERY = 16;

/** Three caches sharing and writing one block, then a few evictions: a run of ~600 cycles. */
const sharing: Scenario = scenarioOf(
  programsDoc(
    [
      [
        { op: 'load', addr: '0x40' },
        { op: 'compute', cycles: 150 },
        { op: 'load', addr: '0x40' },
        { op: 'store', addr: '0x80', value: 11 },
        { op: 'load', addr: '0xc0' },
      ],
      [
        { op: 'load', addr: '0x40' },
        { op: 'compute', cycles: 100 },
        { op: 'store', addr: '0x40', value: 5 },
      ],
      [
        { op: 'load', addr: '0x40' },
        { op: 'compute', cycles: 37 },
        { op: 'load', addr: '0x80' },
      ],
    ],
    { protocol: 'MOESI', cache: { sizeBytes: 64, associativity: 1 } },
    { memory: [{ addr: '0x40', value: 1 }] },
  ),
);

/** Random replacement draws from a seeded stream, which must travel in time too. */
const random: Scenario = scenarioOf({
  version: 1,
  id: 'timeline-random',
  title: 'timeline',
  seed: 3,
  system: {
    nodes: 3,
    protocol: 'MESI',
    cache: { sizeBytes: 128, associativity: 2, blockBytes: 32, replacement: 'random' },
  },
  workload: { random: { opsPerProcessor: 12, blocks: 6, storeFraction: 0.4 } },
});

/** What a viewer sees at a cycle (everything but the exploration bookkeeping). */
const seen = (v: SessionView) => ({
  cycle: v.cycle,
  frame: v.frame,
  events: v.events,
  narration: v.narration,
});

/** Frames of one straight run: frames[c] is the frame after cycle c. */
function straightRun(scenario: Scenario): Frame[] {
  const sim = createSim(scenario);
  const frames = [sim.frame()];
  while (!sim.halted) {
    sim.step();
    frames.push(sim.frame());
  }
  return frames;
}

describe.each([
  ['explicit programs', sharing],
  ['random workload, random replacement', random],
] as const)('Session time travel (%s)', (_name, scenario) => {
  const frames = straightRun(scenario);
  const end = frames.length - 1;
  const session = (verifyReplay = true) =>
    new Session(scenario, { keyframeEvery: KEYFRAME_EVERY, verifyReplay });

  it('runs long enough to cross several keyframes', () => {
    expect(end).toBeGreaterThan(KEYFRAME_EVERY * 8);
  });

  it('seeking forward then back gives the frames of a fresh run', () => {
    const s = session();
    const fresh = (c: number) => seen(new Session(scenario).seek(c));
    s.seek(end - 3);
    for (const target of [end - 4, 250, 129, 128, 127, 17, 16, 15, 1, 0, end - 10, end - 3, 64]) {
      expect(seen(s.seek(target)), `cycle ${target}`).toEqual(fresh(target));
      expect(s.view().frame).toEqual(frames[target]);
    }
  });

  it('steps back one cycle exactly, all the way from the halt to 0', () => {
    const s = session();
    s.exploreAll();
    s.seek(end);
    for (let c = end - 1; c >= 0; c--) {
      const view = s.step(-1);
      expect(view.cycle).toBe(c);
      expect(view.frame, `cycle ${c}`).toEqual(frames[c]);
    }
  });

  it('steps forward one cycle exactly after jumping back', () => {
    const s = session();
    s.seek(end);
    s.seek(40);
    for (let c = 41; c <= 120; c++) expect(s.step(1).frame, `cycle ${c}`).toEqual(frames[c]);
  });

  it('lands next/previous event navigation on exactly the cycles that have events', () => {
    const reference = session(false);
    reference.exploreAll();
    const eventCycles = [...new Set(reference.timeline.log.slice().map((e) => e.cycle))];
    expect(eventCycles.length).toBeGreaterThan(5);

    const s = session();
    const forward: number[] = [];
    for (let here = s.view(); here.cycle < here.lastCycle;) {
      const v = s.nextEvent();
      // Every move must make progress, or this walk would never end.
      expect(v.cycle).toBeGreaterThan(here.cycle);
      expect(v.events.length, `cycle ${v.cycle}`).toBeGreaterThan(0);
      expect(v.frame).toEqual(frames[v.cycle]);
      forward.push(v.cycle);
      here = v;
    }
    expect(forward).toEqual(eventCycles);
    // At the halt there is no next event: stay there.
    expect(s.nextEvent().cycle).toBe(end);

    const backward: number[] = [];
    for (let here = s.view(); here.cycle > 0;) {
      const v = s.prevEvent();
      expect(v.cycle).toBeLessThan(here.cycle);
      expect(v.frame).toEqual(frames[v.cycle]);
      backward.push(v.cycle);
      here = v;
    }
    // Back through every event cycle, then to cycle 0, which has none.
    expect(backward).toEqual([...eventCycles.slice(0, -1).reverse(), 0]);
  });

  it('never throws with verifyReplay over random seeks, and always shows the fresh frame', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -5, max: end + 20 }), { minLength: 1, maxLength: 12 }),
        (targets) => {
          const s = session();
          for (const t of targets) {
            const view = s.seek(t);
            const expected = Math.max(0, Math.min(t, end));
            expect(view.cycle).toBe(expected);
            expect(view.frame).toEqual(frames[expected]);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('walks back and forth by small steps and jumps exactly, keeping few near snapshots', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -12, max: 12 }).map((delta) => ({ delta })),
            fc.integer({ min: 0, max: end }).map((to) => ({ to })),
          ),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 0, max: 8 }),
        (moves, nearLimit) => {
          const s = session();
          s.timeline.setNearLimit(nearLimit);
          for (const move of moves) {
            const view = 'to' in move ? s.seek(move.to) : s.step(move.delta);
            expect(view.frame, `cycle ${view.cycle}`).toEqual(frames[view.cycle]);
            expect(s.timeline.nearCount).toBeLessThanOrEqual(nearLimit);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps a log with contiguous seq numbers and ordered cycles, the same for every run', () => {
    const a = session();
    a.exploreAll();
    a.seek(end);
    const log = a.eventsUpToNow();
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i));
    for (let i = 1; i < log.length; i++)
      expect(log[i]!.cycle).toBeGreaterThanOrEqual(log[i - 1]!.cycle);
    expect(log.at(-1)).toMatchObject({ kind: 'sim.halt', cycle: end });

    const b = session(false);
    b.seek(Math.floor(end / 3));
    b.seek(end);
    expect(b.eventsDigest()).toBe(a.eventsDigest());
    expect(a.eventsDigest()).toBe(digestEvents(log));
    // The digest covers events up to the current cycle only.
    a.seek(Math.floor(end / 2));
    expect(a.eventsUpToNow().every((e) => e.cycle <= Math.floor(end / 2))).toBe(true);
    expect(a.eventsDigest()).not.toBe(b.eventsDigest());
  });
});

describe('Session bounds', () => {
  it('learns the halt cycle by exploring, then clamps seeks to it', () => {
    const s = new Session(sharing, { keyframeEvery: KEYFRAME_EVERY });
    expect(s.view()).toMatchObject({ cycle: 0, endCycle: null, explored: 0 });
    expect(s.view().lastCycle).toBe(sharing.limits.maxCycles);
    s.exploreAll();
    const end = s.view().endCycle!;
    expect(end).toBeGreaterThan(0);
    expect(s.view()).toMatchObject({ cycle: 0, lastCycle: end, explored: end });
    expect(s.seek(end + 1000).cycle).toBe(end);
    expect(s.view().frame.halted).toBe(true);
    expect(s.view().events.map((e) => e.kind)).toContain('sim.halt');
    expect(s.seek(-7).cycle).toBe(0);
    expect(s.seek(12.9).cycle).toBe(12);
    expect(s.timeline.keyframeCount()).toBe(Math.floor(end / KEYFRAME_EVERY) + 1);
  });

  it('stops a scenario that never halts at its cycle limit', () => {
    const forever = scenarioOf(
      programsDoc([[{ op: 'spin', addr: '0x40', until: 1 }]], {}, { limits: { maxCycles: 300 } }),
    );
    const s = new Session(forever, { keyframeEvery: KEYFRAME_EVERY, verifyReplay: true });
    s.exploreAll();
    expect(s.view()).toMatchObject({ endCycle: null, lastCycle: 300, explored: 300 });
    expect(s.seek(5000).cycle).toBe(300);
    expect(busFrameOf(s.view()).processors[0]!.status).toBe('spinning');
    // The quiet polls have no events: the next event after the first spin check is none.
    const firstSpin = s.timeline.log.slice().find((e) => e.kind === 'cpu.spin')!;
    s.seek(firstSpin.cycle);
    expect(s.nextEvent().cycle).toBe(300);
    expect(s.prevEvent().cycle).toBe(firstSpin.cycle);
  });

  it('detects a replay that diverges from the log', () => {
    const s = new Session(sharing, { keyframeEvery: KEYFRAME_EVERY, verifyReplay: true });
    s.seek(100);
    // A cycle between keyframes, so reaching it replays it from the keyframe before.
    const tampered = s.timeline.log
      .slice()
      .find((e) => e.kind === 'bus.grant' && e.cycle % KEYFRAME_EVERY !== 0)!;
    (tampered as { block: number }).block += 1;
    s.seek(0);
    expect(() => s.seek(tampered.cycle)).toThrow(
      `replay diverged from the log at cycle ${tampered.cycle}`,
    );
  });

  // The timeline stamps events in place (cycle, seq), trusting the model to keep none of them.
  it.each(builtinScenarios.map((b) => [b.id, b.doc] as const))(
    '%s: the model keeps none of the events it hands over',
    (_id, doc) => {
      const scenario = scenarioOf(doc);
      const plain = createSim(scenario);
      const marked = createSim(scenario);
      for (let c = 1; c <= 600 && !plain.halted; c++) {
        plain.step();
        // A model holding on to an event would now hold a marked one.
        for (const e of marked.step()) Object.assign(e, { marked: true });
        if (c % 50 === 0 || plain.halted) {
          expect(JSON.stringify(marked.snapshot())).toBe(JSON.stringify(plain.snapshot()));
          expect(JSON.stringify(marked.frame())).toBe(JSON.stringify(plain.frame()));
        }
      }
    },
  );
});
