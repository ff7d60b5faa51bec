/** Number formats shared by the statistics tables. */

export const percent = (fraction: number): string => `${(fraction * 100).toFixed(1)} %`;

/** A ratio as a percentage, or a dash when nothing has been counted yet. */
export const rate = (part: number, whole: number): string =>
  whole === 0 ? '—' : percent(part / whole);

/**
 * A duration as every panel prints it: whole nanoseconds below 1 µs ("40 ns", "975 ns"), else
 * microseconds to two decimals ("9.00 µs", "15.64 µs": exact at a 10-ns clock, as the papers'
 * tables give them).
 */
export function duration(ns: number): string {
  const whole = Math.round(ns);
  return whole < 1000 ? `${whole} ns` : `${(ns / 1000).toFixed(2)} µs`;
}

/** Cycles as time on a model's clock: "40 cycles (200 ns)". */
export const cyclesAndTime = (cycles: number, nsPerCycle: number): string =>
  `${cycles} cycle${cycles === 1 ? '' : 's'} (${duration(cycles * nsPerCycle)})`;
