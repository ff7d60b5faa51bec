/**
 * The event log in chunks: positions and cycles without the events, and chunks dropped past a limit
 * and recomputed (here from a kept copy) when read again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_CYCLES, EventLog } from '../../sim-core/trace/event-log';
import type { SimEvent } from '../../sim-core/trace/events';

/** A log of `perCycle[c - 1]` events at each cycle c, and a copy of every event. */
function logOf(perCycle: readonly number[]): { log: EventLog; all: SimEvent[] } {
  const log = new EventLog();
  const all: SimEvent[] = [];
  perCycle.forEach((n, i) => {
    const cycle = i + 1;
    const events = Array.from(
      { length: n },
      (_, j) => ({ kind: `k${j % 3}`, cycle, seq: all.length + j }) as unknown as SimEvent,
    );
    all.push(...events.map((e) => ({ ...e })));
    log.append(cycle, events);
  });
  return { log, all };
}

const perCycle = fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 0, maxLength: 400 });

describe('the event log', () => {
  it('finds positions, cycles and chunks as the events say', () => {
    fc.assert(
      fc.property(perCycle, (counts) => {
        const { log, all } = logOf(counts);
        expect(log.length).toBe(all.length);
        expect(log.slice()).toEqual(all);
        all.forEach((e, i) => {
          expect(log.cycleOf(i)).toBe(e.cycle);
          const [first, end] = log.chunkRange(log.chunkOfIndex(i));
          expect(first).toBeLessThanOrEqual(i);
          expect(end).toBeGreaterThan(i);
        });
        for (let c = 0; c <= counts.length + 2; c++) {
          const first = all.findIndex((e) => e.cycle >= c);
          expect(log.firstAtCycle(c)).toBe(first < 0 ? all.length : first);
          expect(log.eventsAt(c)).toEqual(all.filter((e) => e.cycle === c));
        }
      }),
    );
  });

  it('drops chunks past its limit and recomputes them exactly when read', () => {
    fc.assert(
      fc.property(
        perCycle,
        fc.integer({ min: 0, max: 50 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (counts, maxEvents, reads) => {
          const { log, all } = logOf(counts);
          const asked: [number, number][] = [];
          log.bound(maxEvents, (first, last) => {
            asked.push([first, last]);
            return all.filter((e) => e.cycle >= first && e.cycle <= last).map((e) => ({ ...e }));
          });
          const writing = Math.floor((Math.max(1, counts.length) - 1) / CHUNK_CYCLES);
          const [wFirst, wEnd] = log.chunkRange(writing);
          expect(log.eventsHeld).toBeLessThanOrEqual(Math.max(maxEvents, wEnd - wFirst));
          for (const r of reads) {
            if (all.length === 0) break;
            const i = r % all.length;
            expect(log.at(i)).toEqual(all[i]);
          }
          expect(log.slice()).toEqual(all);
          for (const [first, last] of asked) {
            expect((first - 1) % CHUNK_CYCLES).toBe(0);
            expect(last - first).toBeLessThan(CHUNK_CYCLES);
          }
          expect(log.recomputed).toBe(asked.length);
        },
      ),
    );
  });

  it('says so when a replay does not give the events the log had', () => {
    const { log } = logOf(Array.from({ length: 3 * CHUNK_CYCLES }, () => 1));
    log.bound(0, () => []);
    expect(() => log.at(0)).toThrow(/replaying cycles 1–64 gave 0 events; the log has 64/);
  });

  it('appends cycles in order only', () => {
    const log = new EventLog();
    log.append(1, []);
    expect(() => log.append(3, [])).toThrow(/the log is at cycle 1, not before 3/);
  });
});
