/**
 * Share links: the URL fragment that reopens a scenario at an exact cycle.
 *
 *   #v1?b=<built-in id>&set=<path=value>…&seed=<n>&c=<cycle>&views=<a,b,…>
 *   #v1?z=<lz-string compressed scenario JSON>&seed=<n>&c=<cycle>&views=<a,b,…>
 *
 * `v1` is the link format's version; decoders keep accepting every older one. The fragment is
 * never sent to a server and nothing in it is ever evaluated: it is parsed into data, and the
 * scenario it carries goes through parseScenario like any file.
 */
import LZString from 'lz-string';
import { readJson } from '../kernel/bounds';
import { fail, ok, type InputIssue, type Result } from './issues';
import { LINK_LIMITS, SCENARIO_BOUNDS } from './limits';
import { unpackLink } from './link-unpack';
import { limitIssue } from './read-text';
import { parseOverride, type Override } from './overrides';
import { VIEW_NAMES, type ViewName } from './schema';

export const LINK_VERSION = 'v1';
/** Longer fragments are not shared as links; the app offers the scenario file instead. */
export const MAX_LINK_LENGTH = 8000;

export type LinkSource =
  { kind: 'builtin'; id: string; overrides: Override[] } | { kind: 'inline'; doc: unknown };

export interface LinkState {
  source: LinkSource;
  seed?: number;
  cycle: number;
  views?: ViewName[];
}

/** Whether an override's text would be read back as JSON (then a string must be quoted). */
function readsAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function encodeLink(state: LinkState): string {
  const params: [string, string][] = [];
  if (state.source.kind === 'builtin') {
    params.push(['b', state.source.id]);
    for (const o of state.source.overrides)
      params.push([
        'set',
        `${o.path}=${typeof o.value === 'string' && !readsAsJson(o.value) ? o.value : JSON.stringify(o.value)}`,
      ]);
  } else {
    params.push(['z', LZString.compressToEncodedURIComponent(JSON.stringify(state.source.doc))]);
  }
  if (state.seed !== undefined) params.push(['seed', String(state.seed)]);
  params.push(['c', String(state.cycle)]);
  if (state.views) params.push(['views', state.views.join(',')]);
  // lz-string's URI alphabet needs no escaping; everything else is percent-encoded.
  const enc = (k: string, v: string) => `${k}=${k === 'z' ? v : encodeURIComponent(wellFormed(v))}`;
  return `#${LINK_VERSION}?${params.map(([k, v]) => enc(k, v)).join('&')}`;
}

/** Lone UTF-16 surrogates cannot be percent-encoded; they become U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/** Query-string pairs, percent-decoded; null when an escape is malformed. */
function parseQuery(query: string): Map<string, string[]> | null {
  const out = new Map<string, string[]>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq >= 0 ? part.slice(0, eq) : part;
    const raw = eq >= 0 ? part.slice(eq + 1) : '';
    let value: string;
    try {
      value = key === 'z' ? raw : decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      return null;
    }
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

const intParam = (
  raw: string | null,
  name: string,
  max: number,
): Result<number | undefined, InputIssue> => {
  if (raw === null) return ok(undefined);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > max) {
    return fail({
      code: 'LNK004',
      path: name,
      message: `expected an integer 0..${max}, got ${JSON.stringify(raw.slice(0, 20))}`,
    });
  }
  return ok(Number(raw));
};

/**
 * Decodes a fragment (with or without the leading '#'). An empty fragment is not a link: null.
 * The fragment's length is checked before anything else, the carried scenario's unpacked length
 * while it unpacks, and its nesting before it is parsed (LNK006, SCN011).
 */
export function decodeLink(fragment: string): Result<LinkState, InputIssue> | null {
  const hash = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (hash === '') return null;
  if (hash.length > LINK_LIMITS.fragment)
    return fail({
      code: 'LNK006',
      path: '',
      message: `the link is ${hash.length.toLocaleString('en')} characters long; a link is at most ${LINK_LIMITS.fragment.toLocaleString('en')} (share a long scenario as a file)`,
    });
  const q = hash.indexOf('?');
  const version = q >= 0 ? hash.slice(0, q) : hash;
  if (version !== LINK_VERSION) {
    return fail({
      code: 'LNK001',
      path: '',
      message: `this NI Lab reads share links of format ${LINK_VERSION}, got ${JSON.stringify(version.slice(0, 20))}`,
    });
  }
  const query = parseQuery(q >= 0 ? hash.slice(q + 1) : '');
  if (!query)
    return fail({ code: 'LNK002', path: '', message: 'the link is corrupt: a malformed %-escape' });
  const params = {
    get: (k: string) => query.get(k)?.[0] ?? null,
    getAll: (k: string) => query.get(k) ?? [],
  };
  const b = params.get('b');
  const z = params.get('z');
  let source: LinkSource;
  if (b !== null && z === null) {
    if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(b))
      return fail({
        code: 'LNK003',
        path: 'b',
        message: `not a scenario name: ${JSON.stringify(b.slice(0, 40))}`,
      });
    const overrides: Override[] = [];
    if (params.getAll('set').length > LINK_LIMITS.overrides)
      return fail({
        code: 'LNK006',
        path: 'set',
        message: `more than ${LINK_LIMITS.overrides} overrides in one link`,
      });
    for (const text of params.getAll('set')) {
      const parsed = parseOverride(text);
      if (!parsed.ok) return fail({ ...parsed.error, path: 'set' });
      overrides.push(parsed.value);
    }
    source = { kind: 'builtin', id: b, overrides };
  } else if (z !== null && b === null) {
    const unpacked = unpackLink(z, LINK_LIMITS.unpacked);
    if (unpacked.kind === 'tooLong')
      return fail({
        code: 'LNK006',
        path: 'z',
        message: `the scenario in the link unpacks to more than ${LINK_LIMITS.unpacked.toLocaleString('en')} characters`,
      });
    if (unpacked.kind === 'corrupt' || unpacked.text === '')
      return fail({
        code: 'LNK002',
        path: 'z',
        message: 'the scenario in the link is corrupt or truncated',
      });
    const read = readJson(unpacked.text, SCENARIO_BOUNDS);
    if (!read.ok)
      return fail(
        read.kind === 'limit'
          ? limitIssue(read.breach)
          : {
              code: 'LNK002',
              path: 'z',
              message: 'the scenario in the link is corrupt or truncated (not JSON)',
            },
      );
    source = { kind: 'inline', doc: read.value };
  } else {
    return fail({
      code: 'LNK004',
      path: '',
      message:
        'a link names either a built-in scenario (b=) or carries one (z=), not both or neither',
    });
  }
  const seed = intParam(params.get('seed'), 'seed', 0xffffffff);
  if (!seed.ok) return seed;
  const cycle = intParam(params.get('c'), 'c', 10_000_000);
  if (!cycle.ok) return cycle;
  let views: ViewName[] | undefined;
  const viewsRaw = params.get('views');
  if (viewsRaw !== null) {
    const names = viewsRaw === '' ? [] : viewsRaw.split(',');
    const unknown = names.find((n) => !(VIEW_NAMES as readonly string[]).includes(n));
    if (unknown !== undefined)
      return fail({
        code: 'LNK004',
        path: 'views',
        message: `unknown view ${JSON.stringify(unknown.slice(0, 20))}; expected some of ${VIEW_NAMES.join(', ')}`,
      });
    views = names as ViewName[];
  }
  return ok({
    source,
    ...(seed.value === undefined ? {} : { seed: seed.value }),
    cycle: cycle.value ?? 0,
    ...(views ? { views } : {}),
  });
}
