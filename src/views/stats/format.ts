/** Number formats shared by the statistics tables. */

export const percent = (fraction: number): string => `${(fraction * 100).toFixed(1)} %`;

/** A ratio as a percentage, or a dash when nothing has been counted yet. */
export const rate = (part: number, whole: number): string =>
  whole === 0 ? '—' : percent(part / whole);

/**
 * A duration as every panel prints it: whole nanoseconds below 1 µs ("40 ns", "975 ns"), else
 * microseconds to three significant digits ("9.00 µs", "41.3 µs", "275 µs").
 */
export function duration(ns: number): string {
  if (Math.round(ns) < 1000) return `${Math.round(ns)} ns`;
  const us = ns / 1000;
  for (const digits of [2, 1])
    if (Number(us.toFixed(digits)) < 10 ** (3 - digits)) return `${us.toFixed(digits)} µs`;
  return `${us.toFixed(0)} µs`;
}

/** Cycles as time on a model's clock: "40 cycles (200 ns)". */
export const cyclesAndTime = (cycles: number, nsPerCycle: number): string =>
  `${cycles} cycle${cycles === 1 ? '' : 's'} (${duration(cycles * nsPerCycle)})`;
