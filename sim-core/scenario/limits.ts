/**
 * The size limits of every input NI Lab takes (docs/errors.md lists them with their codes: SCN011,
 * LNK006, LNK005, CLI002, CLI005, ASG010, SUB009, SUB010). They are far above anything a lecture,
 * an assignment or a submission needs — the largest built-in scenario is 6 KB and 7 levels deep —
 * and far below what would make a check, a copy or a message slow or recursive.
 */
import type { Bounds } from '../kernel/bounds';

const MiB = 1024 * 1024;

/** A scenario document: a file, the scenario carried by a link, an override's value. */
export const SCENARIO_BOUNDS: Bounds = {
  length: 4 * MiB,
  depth: 32,
  stringLength: 20_000,
  // A network lists up to 10,000 packets; a processor runs up to 4,096 instructions.
  items: 10_000,
  values: 1_000_000,
};

/** An assignment file (its inline scenario included). */
export const ASSIGNMENT_BOUNDS: Bounds = SCENARIO_BOUNDS;

/** A student's submission: a few answers. */
export const SUBMISSION_BOUNDS: Bounds = {
  length: 1 * MiB,
  depth: 16,
  stringLength: 20_000,
  items: 1_000,
  values: 100_000,
};

/** Bytes read from a file before it is refused (a file is text of at most `length` characters). */
export const MAX_FILE_BYTES = SCENARIO_BOUNDS.length;

export const LINK_LIMITS = {
  /** Characters of a whole fragment; links the app writes are at most MAX_LINK_LENGTH (8,000). */
  fragment: 16_384,
  /** Characters the carried scenario (`z=`) may unpack to; decompression stops there. */
  unpacked: 1 * MiB,
  /** `set=` overrides in one link. */
  overrides: 100,
} as const;

export const OVERRIDE_LIMITS = {
  /** Characters of one `path=value`. */
  text: 100_000,
  /** Keys in a path (`workload.programs.0.1.addr` has 5). */
  keys: 24,
  /** Characters of a path. */
  pathLength: 256,
} as const;
