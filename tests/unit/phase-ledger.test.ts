/** The phase ledger (round2-spec S4): reading slices back and summing a message's anatomy. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anatomy,
  ledgerMessages,
  PHASE_CATEGORIES,
  phaseSlices,
  sliceAt,
  type PhaseSlice,
} from '../../sim-core/index';
import { phaseVocabulary } from '../../sim-core/ledger/phase-narrate';
import { messageLedger } from '../../src/views/phases/phases-data';

const slice = (over: Partial<PhaseSlice>): PhaseSlice => ({
  message: 0,
  node: 0,
  actor: 'CPU',
  phase: 'Send1: user data',
  category: 'host-sw',
  part: null,
  start: 0,
  end: 10,
  source: 'default',
  ...over,
});

describe('phase ledger', () => {
  it('reads only phase events, and lists messages by their first start', () => {
    const log = [
      { kind: 'sim.halt' },
      { kind: 'phase', ...slice({ message: 7, start: 50, end: 60 }) },
      { kind: 'phase', ...slice({ message: 3, start: 20, end: 90 }) },
      { kind: 'phase', ...slice({ message: 7, start: 5, end: 6 }) },
    ];
    const slices = phaseSlices(log);
    expect(slices).toHaveLength(3);
    expect(ledgerMessages(slices)).toEqual([7, 3]);
  });

  it('cuts a slice at the current cycle, and hides one not yet begun', () => {
    const s = slice({ start: 10, end: 30 });
    expect(sliceAt(s, 5)).toBeNull();
    expect(sliceAt(s, 20)).toMatchObject({ start: 10, end: 20 });
    expect(sliceAt(s, 40)).toBe(s);
  });

  it("counts overlap once per category and reports the time two categories ran at once (EDT's fetch under the writes)", () => {
    const a = anatomy([
      slice({ category: 'host-sw', start: 0, end: 100, part: 'User Data' }),
      slice({ category: 'host-sw', start: 50, end: 120, part: 'User Data' }),
      slice({ actor: 'NI', category: 'bus', start: 20, end: 60 }),
      slice({ actor: 'NI', category: 'network', start: 130, end: 140 }),
    ])!;
    expect(a.byCategory['host-sw']).toBe(120);
    expect(a.byCategory.bus).toBe(40);
    expect(a.byCategory.network).toBe(10);
    expect(a.overlap).toBe(40);
    expect(a.byPart.get('User Data')).toBe(120);
    expect([a.start, a.end]).toEqual([0, 140]);
    expect(anatomy([])).toBeNull();
  });

  it('sums: categories minus overlap never exceed the span, and never fall below the longest slice', () => {
    const arb = fc.array(
      fc
        .record({
          category: fc.constantFrom(...PHASE_CATEGORIES),
          start: fc.nat(1000),
          len: fc.integer({ min: 1, max: 300 }),
        })
        .map(({ category, start, len }) => slice({ category, start, end: start + len })),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (slices) => {
        const a = anatomy(slices)!;
        const busy = PHASE_CATEGORIES.reduce((t, c) => t + a.byCategory[c], 0) - a.overlap;
        expect(busy).toBeLessThanOrEqual(a.end - a.start);
        expect(busy).toBeGreaterThanOrEqual(Math.max(...slices.map((s) => s.end - s.start)));
        expect(a.overlap).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('lays a message out in lanes per actor, and the software switch leaves only the mechanism', () => {
    const slices = [
      slice({ start: 0, end: 40 }),
      slice({ actor: 'NI', category: 'ni-hw', phase: 'DMA init', start: 40, end: 70 }),
      slice({ actor: 'NI', node: 1, category: 'ni-sw', phase: 'VI-MSG', start: 70, end: 90 }),
    ];
    const all = messageLedger(slices, 0, 50, false);
    expect(all.lanes.map((l) => l.key)).toEqual(['0:CPU', '0:NI', '1:NI']);
    expect([all.start, all.end]).toEqual([0, 90]);
    expect(all.visible.map((s) => [s.phase, s.end])).toEqual([
      ['Send1: user data', 40],
      ['DMA init', 50],
    ]);
    const hw = messageLedger(slices, 0, 100, true);
    expect(hw.lanes.map((l) => l.key)).toEqual(['0:NI']);
  });

  it('narrates a slice with its length, its category and where the cost comes from', () => {
    const e = {
      kind: 'phase' as const,
      ...slice({ part: 'User Data', source: '[002 L64]' }),
      cycle: 10,
      seq: 0,
    };
    expect(phaseVocabulary.narration.phase(e, null)).toBe(
      'CPU: Send1: user data of message 0, 10 cycles (cycles 0–10, host software, User Data; [002 L64])',
    );
  });
});
