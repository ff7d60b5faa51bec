/**
 * The FUGU atomicity timeline's stretches (src/models/fugu/atomicity): a message's bursts of work
 * on a node keep their own stretch, the waits between them are cut out, a UAC band that overlaps a
 * burst (a handler stuck with interrupts disabled) keeps the stretch open up to now, and nothing
 * after the current cycle shows.
 */
import { describe, expect, it } from 'vitest';
import type { PhaseSlice } from '../../sim-core/index';
import { windowsOf, type NodeHistory } from '../../src/models/fugu/atomicity/atomicity-data';

const slice = (message: number, start: number, end: number): PhaseSlice =>
  ({
    message,
    start,
    end,
    actor: 'PhOS',
    node: 1,
    phase: 'p',
    category: 'host-sw',
    part: null,
    source: '',
  }) as PhaseSlice;

const history = (slices: PhaseSlice[], bands: NodeHistory['bands'] = []): NodeHistory => ({
  slices,
  bands,
  timer: [],
  messages: [...new Set(slices.map((s) => s.message))],
});

describe('the atomicity timeline’s stretches', () => {
  // Message 0: inserted at 127–307, extracted at 7776–7828; message 1's work in between.
  const h = history([slice(0, 127, 307), slice(1, 400, 600), slice(0, 7776, 7828)]);

  it('cut the wait between an insert and its extract out', () => {
    expect(windowsOf(h, 0, 7800)).toEqual([
      { from: 117, to: 317 },
      { from: 7766, to: 7838 },
    ]);
  });

  it('show nothing of what has not begun', () => {
    expect(windowsOf(h, 0, 200)).toEqual([{ from: 117, to: 317 }]);
  });

  it('join bursts closer than the gap', () => {
    const near = history([slice(2, 100, 150), slice(2, 200, 260)]);
    expect(windowsOf(near, 2, 300)).toEqual([{ from: 90, to: 270 }]);
  });

  it('keep a stretch open while a band that overlaps it lasts (a stuck handler, up to now)', () => {
    const stuck = history(
      [slice(0, 190, 230)],
      [{ bit: 'interruptDisable', start: 190, end: Number.POSITIVE_INFINITY }],
    );
    expect(windowsOf(stuck, 0, 1000)).toEqual([{ from: 180, to: 1011 }]);
  });
});
