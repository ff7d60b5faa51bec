/**
 * A progress watchdog a model keeps in its state (one number, so a snapshot is a copy): the
 * cycles in a row in which nothing moved while work was outstanding. Every model that accepts
 * messages or runs programs keeps one, so "every message a model accepts is delivered" is checked
 * as the model runs: a run that stops making progress says so, as a `sim.stall` event, instead
 * of spinning silently to its cycle limit. (The torus's own watchdog, with its wait-for graph,
 * is network/watchdog.ts.)
 */

/** The quiet count after this cycle: reset by progress, or when nothing is outstanding. */
export const quietAfter = (quiet: number, progressed: boolean, outstanding: boolean): number =>
  progressed || !outstanding ? 0 : quiet + 1;

/**
 * The last cycle of a quiet stretch from `now` (no progress, work outstanding) before the
 * watchdog reports its stall, for a model that skips quiet cycles: none while something moves,
 * nor once the stall is reported.
 */
export const stallFreeThrough = (now: number, quiet: number, limit: number, moving: boolean) =>
  moving || quiet >= limit ? Infinity : now + limit - quiet - 1;

/** The quiet count after `cycles` quiet cycles with work outstanding. */
export const quietAfterCycles = (quiet: number, moving: boolean, cycles: number): number =>
  moving ? 0 : quiet + cycles;
