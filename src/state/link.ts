/**
 * Turns the browser's URL fragment into a LoadSpec (and back). Decoding is pure data: the link is
 * parsed by sim-core's decodeLink, and a carried scenario is validated by the worker on load.
 */
import {
  decodeLink,
  encodeLink,
  MAX_LINK_LENGTH,
  type InputIssue,
  type ViewName,
} from '../../sim-core/index';
import type { LoadSpec } from '../worker/sim-api';

export interface LinkTarget {
  spec: LoadSpec;
  cycle: number;
  views?: ViewName[];
}

export type LinkReading =
  { kind: 'none' } | { kind: 'link'; target: LinkTarget } | { kind: 'bad'; issue: InputIssue };

export function readLink(fragment: string): LinkReading {
  const decoded = decodeLink(fragment);
  if (decoded === null) return { kind: 'none' };
  if (!decoded.ok) return { kind: 'bad', issue: decoded.error };
  const { source, seed, cycle, views } = decoded.value;
  const spec: LoadSpec =
    source.kind === 'builtin'
      ? {
          kind: 'builtin',
          id: source.id,
          overrides: source.overrides,
          ...(seed === undefined ? {} : { seed }),
        }
      : { kind: 'document', doc: source.doc, ...(seed === undefined ? {} : { seed }) };
  return { kind: 'link', target: { spec, cycle, ...(views ? { views } : {}) } };
}

/** The fragment for a state, or null when it would be too long for a URL (offer the file). */
export function linkFor(spec: LoadSpec, cycle: number, views: ViewName[]): string | null {
  const source =
    spec.kind === 'builtin'
      ? { kind: 'builtin' as const, id: spec.id, overrides: spec.overrides }
      : { kind: 'inline' as const, doc: spec.doc };
  const hash = encodeLink({
    source,
    cycle,
    views,
    ...(spec.seed === undefined ? {} : { seed: spec.seed }),
  });
  return hash.length > MAX_LINK_LENGTH ? null : hash;
}
