/**
 * Seeded PRNG with independent per-component streams (sfc32, seeded through splitmix32).
 *
 * A stream's whole state is four 32-bit integers in a plain array, so it lives inside the simulation
 * state and is captured by every snapshot: restoring a snapshot restores the random future too.
 * Each component gets its own stream from (master seed, label), so adding a component never
 * shifts the numbers another component draws.
 */
export type RngState = [number, number, number, number];

function splitmix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

/** A fresh stream for `label` under `seed`; the same pair always gives the same stream. */
export function createStream(seed: number, label: string): RngState {
  let x = splitmix32((seed >>> 0) ^ hashLabel(label));
  const state: RngState = [0, 0, 0, 0];
  for (let i = 0; i < 4; i++) {
    x = splitmix32(x + i);
    // Signed: the same 32 bits as the unsigned word, and an array of small integers for the
    // engine rather than of floating-point numbers (every draw then converts neither way).
    state[i] = x | 0;
  }
  for (let i = 0; i < 12; i++) nextUint32(state); // warm up past correlated first outputs
  return state;
}

/** Next 32-bit unsigned integer; advances `s` in place. */
export function nextUint32(s: RngState): number {
  const t = (((s[0] + s[1]) | 0) + s[3]) | 0;
  s[3] = (s[3] + 1) | 0;
  s[0] = s[1] ^ (s[1] >>> 9);
  s[1] = (s[2] + (s[2] << 3)) | 0;
  s[2] = (s[2] << 21) | (s[2] >>> 11);
  s[2] = (s[2] + t) | 0;
  return t >>> 0;
}

/** Uniform float in [0, 1). */
export function nextFloat(s: RngState): number {
  return nextUint32(s) / 4294967296;
}

/** Uniform integer in [0, n). */
export function nextInt(s: RngState, n: number): number {
  return Math.floor(nextFloat(s) * n);
}
