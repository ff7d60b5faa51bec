/** One way to print a duration in every panel: whole ns below 1 µs, µs to two decimals. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cyclesAndTime, duration } from '../../src/views/stats/format';

describe('duration', () => {
  it('prints whole ns below 1 µs and µs to two decimals from there', () => {
    expect(duration(5)).toBe('5 ns');
    expect(duration(200)).toBe('200 ns');
    expect(duration(999.4)).toBe('999 ns');
    expect(duration(999.6)).toBe('1.00 µs');
    expect(duration(9000)).toBe('9.00 µs');
    expect(duration(15_640)).toBe('15.64 µs');
    expect(duration(275_000)).toBe('275.00 µs');
    expect(cyclesAndTime(1, 5)).toBe('1 cycle (5 ns)');
    expect(cyclesAndTime(9000, 1)).toBe('9000 cycles (9.00 µs)');
  });

  it('is ns or µs with two decimals, and never says 1000 ns or 0.xx µs', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (ns) => {
        const text = duration(ns);
        expect(text).toMatch(/^(\d{1,3} ns|[1-9]\d*\.\d\d µs)$/);
      }),
    );
  });
});
