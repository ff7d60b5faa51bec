/** Counts in words: "1 packet", "3 packets", "1 cycle/s". Every count the app or the CLI prints. */

/** The noun for `n` of it: `one` for exactly one, else `many` (by default `one` + "s"). */
export const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/** `n` and its noun: "1 packet", "0 packets", "12 cycles". */
export const count = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${plural(n, one, many)}`;
