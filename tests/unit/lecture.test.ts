/** Lecture mode's pure logic: steps, step navigation, URL modes, zoom levels and the catalogue. */
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios/index';
import { parseScenario, Session, TOPICS } from '../../sim-core/index';
import {
  catalogueEntry,
  filterCatalogue,
  groupByTopic,
  plainText,
} from '../../src/lecture/catalogue';
import {
  activeStepIndex,
  nextStepIndex,
  previousStepIndex,
  resolveSteps,
  stepCounter,
} from '../../src/lecture/steps';
import { readLectureParams, withLectureParams } from '../../src/lecture/url-params';
import { DEFAULT_ZOOM, stepZoom, validZoom, ZOOMS, zoomLabel } from '../../src/lecture/zoom';

const notes = [
  { cycle: 2, title: 'First', note: 'a' },
  { cycle: 44, title: '', note: 'b' },
  { cycle: 44, title: 'Same cycle', note: 'c' },
  { cycle: 90, title: 'Last', note: 'd', event: 'bus.grant' },
];
const log = [
  { cycle: 1, kind: 'bus.grant' },
  { cycle: 95, kind: 'bus.request' },
  { cycle: 101, kind: 'bus.grant' },
  { cycle: 140, kind: 'bus.grant' },
];

describe('lecture steps', () => {
  const steps = resolveSteps(notes, log);

  it('numbers the walkthrough and names untitled steps', () => {
    expect(steps.map((s) => s.index)).toEqual([0, 1, 2, 3]);
    expect(steps[1]!.title).toBe('Step 2');
    expect(steps[0]!.note).toBe('a');
  });

  it('moves a step that names an event kind to its first such event at or after its cycle', () => {
    expect(steps[3]!.cycle).toBe(101);
    expect(
      resolveSteps([{ cycle: 5, title: '', note: 'x', event: 'net.deroute' }], log)[0]!.cycle,
    ).toBe(5);
  });

  it('is at the last step reached, or the chosen one while at its cycle', () => {
    expect(activeStepIndex(steps, 0)).toBe(-1);
    expect(activeStepIndex(steps, 2)).toBe(0);
    expect(activeStepIndex(steps, 43)).toBe(0);
    expect(activeStepIndex(steps, 44)).toBe(2);
    expect(activeStepIndex(steps, 44, 1)).toBe(1);
    expect(activeStepIndex(steps, 50, 1)).toBe(2);
    expect(activeStepIndex(steps, 100)).toBe(2);
    expect(activeStepIndex(steps, 101)).toBe(3);
    expect(activeStepIndex(steps, 5000)).toBe(3);
    expect(activeStepIndex([], 10)).toBe(-1);
  });

  it('takes the latest reached step even when steps are out of cycle order', () => {
    const unordered = resolveSteps(
      [
        { cycle: 30, title: '', note: '' },
        { cycle: 10, title: '', note: '' },
      ],
      [],
    );
    expect(activeStepIndex(unordered, 20)).toBe(1);
    expect(activeStepIndex(unordered, 30)).toBe(0);
  });

  it('goes forward and back one step, and stops at the ends', () => {
    expect(nextStepIndex(steps, -1)).toBe(0);
    expect(nextStepIndex(steps, 1)).toBe(2);
    expect(nextStepIndex(steps, 3)).toBeNull();
    expect(previousStepIndex(steps, 3)).toBe(2);
    expect(previousStepIndex(steps, 0)).toBeNull();
    expect(previousStepIndex(steps, -1)).toBeNull();
  });

  it('counts steps as people do', () => {
    expect(stepCounter(2, 6)).toBe('Step 3 of 6');
    expect(stepCounter(-1, 6)).toBe('Before step 1 of 6');
  });

  it('binds an event kind in a real scenario to a cycle where that event happens', () => {
    const doc = builtinScenarios.find((s) => s.id === 'write-invalidation')!.doc as {
      walkthrough: { cycle: number; title: string; note: string; event?: string }[];
    };
    const withEvent = {
      ...doc,
      walkthrough: [{ cycle: 150, title: 'The upgrade', note: 'INV', event: 'bus.grant' }],
    };
    const parsed = parseScenario(withEvent);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const session = new Session(parsed.value);
    session.exploreAll();
    const events = session.timeline.log.slice();
    const [step] = resolveSteps(parsed.value.walkthrough, events);
    expect(step!.cycle).toBeGreaterThanOrEqual(150);
    expect(events.some((e) => e.kind === 'bus.grant' && e.cycle === step!.cycle)).toBe(true);
  });

  it('rejects a walkthrough event that is not an event kind', () => {
    const doc = builtinScenarios.find((s) => s.id === 'write-invalidation')!.doc as object;
    const bad = parseScenario({
      ...doc,
      walkthrough: [{ cycle: 1, note: 'x', event: '<script>' }],
    });
    expect(bad.ok).toBe(false);
  });
});

describe('lecture modes in the URL fragment', () => {
  it('reads presentation and embed mode from a share link', () => {
    expect(readLectureParams('#v1?b=ping-pong&c=3')).toEqual({
      start: false,
      present: false,
      embed: false,
      predict: false,
    });
    expect(readLectureParams('#v1?b=ping-pong&c=3&present=1').present).toBe(true);
    expect(readLectureParams('#v1?b=ping-pong&present=0').present).toBe(false);
    expect(readLectureParams('v1?b=cranium-out-of-order&views=torus,cranium&embed=1')).toEqual({
      start: false,
      present: false,
      embed: true,
      predict: false,
    });
    // Embed mode wins: it is a page of its own.
    expect(readLectureParams('#v1?b=x&present=1&embed=1')).toEqual({
      start: false,
      present: false,
      embed: true,
      predict: false,
    });
    // Checkpoints ask in a frame only when its link says so; predict=1 means nothing elsewhere.
    expect(readLectureParams('#v1?b=x&embed=1&predict=1').predict).toBe(true);
    expect(readLectureParams('#v1?b=x&predict=1').predict).toBe(false);
  });

  it('knows the start page', () => {
    expect(readLectureParams('#start').start).toBe(true);
    expect(readLectureParams('#start?q=x').start).toBe(true);
    expect(readLectureParams('').start).toBe(false);
    expect(readLectureParams('#starting').start).toBe(false);
  });

  it('writes the modes after the share link, and round-trips them', () => {
    const link = '#v1?b=ping-pong&c=52&views=notes%2Ccaches';
    expect(withLectureParams(link, { present: false, embed: false })).toBe(link);
    const presented = withLectureParams(link, { present: true, embed: false });
    expect(presented).toBe(`${link}&present=1`);
    expect(readLectureParams(presented)).toEqual({
      start: false,
      present: true,
      embed: false,
      predict: false,
    });
    const embedded = withLectureParams(link, { present: true, embed: true });
    expect(readLectureParams(embedded)).toEqual({
      start: false,
      present: false,
      embed: true,
      predict: false,
    });
    const quiz = withLectureParams(link, { present: false, embed: true, predict: true });
    expect(quiz).toBe(`${link}&embed=1&predict=1`);
    expect(readLectureParams(quiz).predict).toBe(true);
  });
});

describe('presentation zoom', () => {
  it('steps through the levels and stays within them', () => {
    expect(stepZoom(DEFAULT_ZOOM, 1)).toBe(1.5);
    expect(stepZoom(DEFAULT_ZOOM, -1)).toBe(1.1);
    expect(stepZoom(ZOOMS[ZOOMS.length - 1]!, 1)).toBe(ZOOMS[ZOOMS.length - 1]);
    expect(stepZoom(ZOOMS[0], -1)).toBe(ZOOMS[0]);
    expect(stepZoom(1.3, 1)).toBe(1.5);
  });

  it('accepts only stored values that are levels', () => {
    expect(validZoom('1.5')).toBe(1.5);
    expect(validZoom('7')).toBe(DEFAULT_ZOOM);
    expect(validZoom(null)).toBe(DEFAULT_ZOOM);
    expect(validZoom('<x>')).toBe(DEFAULT_ZOOM);
    expect(zoomLabel(1.25)).toBe('125%');
  });
});

describe('the start page catalogue', () => {
  const entries = builtinScenarios.map((s) => catalogueEntry(s.id, s.doc));

  it('lists every built-in scenario under one of the four topics, with summary and goals', () => {
    const groups = groupByTopic(entries);
    expect(groups.map((g) => g.heading)).toEqual(TOPICS.map((t) => t.short));
    expect(groups.flatMap((g) => g.entries).length).toBe(builtinScenarios.length);
    for (const e of entries) {
      expect(e.title).not.toBe('');
      expect(e.summary).not.toBe('');
      expect(e.learningGoals.length).toBeGreaterThan(0);
      expect(e.steps).toBeGreaterThan(0);
    }
  });

  it('filters by every word over title, summary, goals and id, ignoring case and markup', () => {
    expect(filterCatalogue(entries, '')).toHaveLength(entries.length);
    expect(filterCatalogue(entries, '   ')).toHaveLength(entries.length);
    const ooo = filterCatalogue(entries, 'OUT OF order');
    expect(ooo.map((e) => e.id)).toContain('cranium-out-of-order');
    expect(filterCatalogue(entries, 'deroute').every((e) => e.topic === 'torus')).toBe(true);
    expect(filterCatalogue(entries, 'no such words zzz')).toEqual([]);
    // Words need not be adjacent, and markup does not hide them.
    expect(plainText('a **bold** `code` [link](https://x.org)')).toBe('a bold code link');
    const one = catalogueEntry('x', {
      title: 'T',
      summary: 'The **M→O** move',
      learningGoals: ['see it'],
    });
    expect(filterCatalogue([one], 'm→o see')).toHaveLength(1);
  });

  it('puts a scenario without a topic under coherence, and survives odd documents', () => {
    expect(catalogueEntry('a', { title: 'A' }).topic).toBe('coherence');
    expect(catalogueEntry('b', null)).toEqual({
      id: 'b',
      topic: 'coherence',
      title: 'b',
      summary: '',
      learningGoals: [],
      steps: 0,
    });
  });
});
