/** One way to print a duration in every panel: ns below 1 µs, µs to three significant digits. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cyclesAndTime, duration } from '../../src/views/stats/format';

describe('duration', () => {
  it('prints ns below 1 µs and µs from there, three significant digits', () => {
    expect(duration(5)).toBe('5 ns');
    expect(duration(200)).toBe('200 ns');
    expect(duration(999.4)).toBe('999 ns');
    expect(duration(999.6)).toBe('1.00 µs');
    expect(duration(9000)).toBe('9.00 µs');
    expect(duration(9996)).toBe('10.0 µs');
    expect(duration(41_300)).toBe('41.3 µs');
    expect(duration(275_000)).toBe('275 µs');
    expect(cyclesAndTime(1, 5)).toBe('1 cycle (5 ns)');
    expect(cyclesAndTime(9000, 1)).toBe('9000 cycles (9.00 µs)');
  });

  it('never prints more than three significant digits in µs', () => {
    fc.assert(
      fc.property(fc.double({ min: 1000, max: 999_000, noNaN: true }), (ns) => {
        const m = /^(\d+)(?:\.(\d+))? µs$/.exec(duration(ns));
        expect(m, duration(ns)).not.toBeNull();
        expect((m![1]! + (m![2] ?? '')).length).toBe(3);
      }),
    );
  });
});
