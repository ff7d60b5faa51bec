/**
 * Compare mode's configuration B as data (pure: no DOM): the `path=value` overrides that turn A
 * into B, their place in the URL fragment (`&vs=system.protocol%3DMESI`, one `vs` per override,
 * after the share link), B's LoadSpec, and the labels "A: MOESI" / "B: MESI". Nothing read from a
 * link is evaluated: each `vs` goes through parseOverride, and B's scenario through parseScenario
 * in the worker like any other.
 */
import {
  applyOverrides,
  parseOverride,
  type InputIssue,
  type Override,
} from '../../sim-core/index';
import type { LoadSpec } from '../worker/sim-api';

/** At most this many overrides in B (a link is not a place for a whole scenario diff). */
export const MAX_VS = 8;

function readsAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** `path=value` as the share link and the CLI write it (a string unquoted unless it reads as JSON). */
export function formatOverride(o: Override): string {
  const value =
    typeof o.value === 'string' && !readsAsJson(o.value) ? o.value : JSON.stringify(o.value);
  return `${o.path}=${value}`;
}

export type VsReading =
  { kind: 'none' } | { kind: 'vs'; overrides: Override[] } | { kind: 'bad'; issue: InputIssue };

/** Reads the `vs` parameters of a fragment (with or without '#'); other parameters are ignored. */
export function readVs(fragment: string): VsReading {
  const hash = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const q = hash.indexOf('?');
  if (q < 0) return { kind: 'none' };
  const texts: string[] = [];
  for (const part of hash.slice(q + 1).split('&')) {
    if (!part.startsWith('vs=')) continue;
    try {
      texts.push(decodeURIComponent(part.slice(3).replace(/\+/g, ' ')));
    } catch {
      return {
        kind: 'bad',
        issue: { code: 'LNK002', path: 'vs', message: 'the link is corrupt: a malformed %-escape' },
      };
    }
  }
  if (texts.length === 0) return { kind: 'none' };
  if (texts.length > MAX_VS)
    return {
      kind: 'bad',
      issue: {
        code: 'LNK005',
        path: 'vs',
        message: `a comparison changes at most ${MAX_VS} fields, the link has ${texts.length}`,
      },
    };
  const overrides: Override[] = [];
  for (const text of texts) {
    const parsed = parseOverride(text);
    if (!parsed.ok) return { kind: 'bad', issue: { ...parsed.error, path: 'vs' } };
    overrides.push(parsed.value);
  }
  return { kind: 'vs', overrides };
}

/** A fragment with B's overrides appended (unchanged when not comparing). */
export function withVs(fragment: string, vs: readonly Override[] | null): string {
  if (!vs || vs.length === 0) return fragment;
  const sep = fragment.includes('?') ? '&' : '?';
  return `${fragment}${sep}${vs.map((o) => `vs=${encodeURIComponent(formatOverride(o))}`).join('&')}`;
}

/**
 * B's LoadSpec: A's with the overrides applied (a built-in keeps its name and gains overrides;
 * a document gets them written in), on A's seed unless B sets the seed itself.
 */
export function specWith(
  spec: LoadSpec,
  vs: readonly Override[],
  seed: number,
): { ok: true; spec: LoadSpec } | { ok: false; issue: InputIssue } {
  const setsSeed = vs.some((o) => o.path === 'seed');
  const seeded = setsSeed ? {} : { seed };
  if (spec.kind === 'builtin') {
    const paths = new Set(vs.map((o) => o.path));
    return {
      ok: true,
      spec: {
        kind: 'builtin',
        id: spec.id,
        overrides: [...spec.overrides.filter((o) => !paths.has(o.path)), ...vs],
        ...seeded,
      },
    };
  }
  const applied = applyOverrides(spec.doc, vs);
  if (!applied.ok) return { ok: false, issue: applied.error };
  return { ok: true, spec: { kind: 'document', doc: applied.value, ...seeded } };
}

/** The value at a dotted path of plain data, or undefined. */
export function valueAt(data: unknown, path: string): unknown {
  let node: unknown = data;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The overrides that turn B back into A (to swap sides), or null when A lacks one of the paths. */
export function inverse(scenarioA: unknown, vs: readonly Override[]): Override[] | null {
  const out: Override[] = [];
  for (const o of vs) {
    const value = valueAt(scenarioA, o.path);
    if (value === undefined) return null;
    out.push({ path: o.path, value });
  }
  return out;
}

const shown = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '(default)' : JSON.stringify(value);

/**
 * What tells A and B apart, for the column headings: the values of the overridden fields ("MOESI"
 * and "MESI"; "dor · true" when two fields differ). A field B sets to A's own value is left out.
 */
export function sideLabels(
  scenarioA: unknown,
  scenarioB: unknown,
  vs: readonly Override[],
): { a: string; b: string } {
  const differing = vs.filter(
    (o) =>
      JSON.stringify(valueAt(scenarioA, o.path)) !== JSON.stringify(valueAt(scenarioB, o.path)),
  );
  const fields = differing.length > 0 ? differing : vs;
  const join = (data: unknown) => fields.map((o) => shown(valueAt(data, o.path))).join(' · ');
  return { a: join(scenarioA), b: join(scenarioB) };
}
