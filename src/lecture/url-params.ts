/**
 * The lecture modes' part of the URL fragment. A share link (`#v1?b=…&c=…`) may also carry
 * `present=1` (presentation mode) or `embed=1` (embed mode, with `predict=1` to let the scenario's
 * checkpoints ask their questions in the frame); share-link decoding ignores
 * parameters it does not know, so these never change what is loaded. `#start` is the start page.
 * Pure: no DOM.
 */

export const START_FRAGMENT = '#start';

export interface LectureParams {
  /** The fragment is the start page. */
  start: boolean;
  present: boolean;
  embed: boolean;
  /** In embed mode: the scenario's predict-then-see checkpoints ask (`predict=1`). */
  predict: boolean;
}

const on = (value: string | null): boolean => value !== null && value !== '0' && value !== 'false';

/** Reads the lecture modes from a fragment (with or without the leading '#'). */
export function readLectureParams(fragment: string): LectureParams {
  const hash = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const q = hash.indexOf('?');
  const head = q >= 0 ? hash.slice(0, q) : hash;
  if (head === 'start') return { start: true, present: false, embed: false, predict: false };
  const params = new URLSearchParams(q >= 0 ? hash.slice(q + 1) : '');
  const embed = on(params.get('embed'));
  // Embed mode is a page of its own; presentation mode inside it would hide nothing more.
  return {
    start: false,
    present: !embed && on(params.get('present')),
    embed,
    predict: embed && on(params.get('predict')),
  };
}

/** A share-link fragment with the current lecture modes appended. */
export function withLectureParams(
  link: string,
  modes: { present: boolean; embed: boolean; predict?: boolean },
): string {
  if (modes.embed) return `${link}&embed=1${modes.predict ? '&predict=1' : ''}`;
  if (modes.present) return `${link}&present=1`;
  return link;
}
