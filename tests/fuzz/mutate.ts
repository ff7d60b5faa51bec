/**
 * Structure-aware mutations for the fuzz suite: every input starts as a real file of the project
 * (a built-in scenario, a share link to one, an assignment, a submission fixture) and is changed a
 * few places at a time — a value replaced by an edge case or by a part of another file, a field
 * removed, added or renamed to `__proto__`, a subtree copied elsewhere or wrapped, the text cut,
 * given a byte-order mark or nested thousands deep — so most inputs get past the first checks and
 * reach the deep ones. Nothing here recurses into a mutated value: walks have their own stacks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { builtinScenarios } from '../../scenarios/index';
import { builtinAssignments } from '../../scenarios/assignments/index';

export type Json = unknown;
type Key = string | number;

/** A list nested `depth` deep (built without recursion). */
export function nested(depth: number, leaf: Json = 0): Json {
  let v: Json = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** `[` × depth, a value, `]` × depth: the same as text, for inputs that are text. */
export const nestedText = (depth: number, leaf = '0') =>
  `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;

const EDGE_NUMBERS = [
  0,
  -1,
  1,
  2,
  3,
  7,
  8,
  15,
  16,
  17,
  63,
  64,
  65,
  255,
  256,
  1023,
  1024,
  4095,
  4096,
  65535,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32 - 1,
  2 ** 32,
  4294967294,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  0.5,
  1.5,
  -0.25,
  10_000_000,
  10_000_001,
  2_000_000,
];

const EDGE_TEXTS = [
  '',
  ' ',
  '0x40',
  '0x44',
  '0xFFFFFFFF',
  '0x100000000',
  '0x',
  '-0x8',
  'MSI',
  'MESI',
  'MOESI',
  'chaos',
  'dor',
  'minimal',
  'deflection',
  'CNI16Qm',
  'NI2w',
  'io',
  'bus',
  'torus',
  'cni',
  'cranium',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '=HYPERLINK("http://example.invalid","x")',
  '+1+1',
  '@SUM(A1)',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '💥',
  'Ünïcödé',
  'x'.repeat(121),
  'x'.repeat(2001),
  '../../etc/passwd',
  'a.b.c',
  '1e3',
  'NaN',
  'Infinity',
  'null',
  'true',
];

const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '$schema',
  'version',
  'x',
  'polluted',
  'toString',
  '',
  'a'.repeat(300),
];

/** Every key used by the built-in files: added in odd places, they reach strict-object checks. */
const ALL_KEYS = (() => {
  const keys = new Set<string>();
  for (const doc of [...builtinScenarios, ...builtinAssignments].map((b) => b.doc))
    for (const [path] of paths(doc, 5000)) {
      const last = path[path.length - 1];
      if (typeof last === 'string') keys.add(last);
    }
  return [...keys];
})();

/** Up to `limit` paths of a value with the value at each (breadth-first, without recursion). */
export function paths(doc: Json, limit: number): [Key[], Json][] {
  const out: [Key[], Json][] = [[[], doc]];
  for (let i = 0; i < out.length && out.length < limit; i++) {
    const [path, v] = out[i]!;
    if (v === null || typeof v !== 'object' || path.length > 40) continue;
    if (Array.isArray(v)) {
      for (let j = 0; j < v.length && out.length < limit; j++) out.push([[...path, j], v[j]]);
    } else
      for (const k of Object.keys(v)) {
        if (out.length >= limit) break;
        out.push([[...path, k], (v as Record<string, Json>)[k]]);
      }
  }
  return out;
}

/** A copy of small, shallow JSON data (the built-in files: at most a few levels deep). */
const copy = (doc: Json): Json => JSON.parse(JSON.stringify(doc)) as Json;

/** Sets an own property as JSON.parse would (an own `__proto__` stays data). */
function put(container: Json, key: Key, value: Json): void {
  if (Array.isArray(container) && typeof key === 'number') container[key] = value;
  else if (container !== null && typeof container === 'object')
    Object.defineProperty(container, String(key), {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

function at(doc: Json, path: readonly Key[]): Json {
  let v = doc;
  for (const k of path) v = (v as Record<string, Json>)[k as string];
  return v;
}

const interestingValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 6, arbitrary: fc.constantFrom(...EDGE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 3, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [0], { x: 1 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 6 }).map((d) => nested(d)) },
  // Past every limit: deep, long and wide values.
  { weight: 1, arbitrary: fc.constantFrom(33, 200, 6000, 100_000).map((d) => nested(d)) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(5000, 20_000, 200_000)
      .map((n) => Array.from({ length: n }, (_, i) => i)),
  },
  { weight: 1, arbitrary: fc.constantFrom(20_001, 300_000).map((n) => 'x'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(2000, 20_000).map((n) => {
      const o: Record<string, number> = {};
      for (let i = 0; i < n; i++) o[`k${i}`] = i;
      return o;
    }),
  },
);

type Op =
  | { kind: 'set'; at: number; value: Json }
  | { kind: 'delete'; at: number }
  | { kind: 'insert'; at: number; key: string; value: Json }
  | { kind: 'copy'; from: number; to: number }
  | { kind: 'graft'; at: number; donor: number }
  | { kind: 'wrap'; at: number; inList: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      at: fc.nat(),
      value: interestingValue,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(),
      key: fc.oneof(fc.constantFrom(...KEYS), fc.constantFrom(...ALL_KEYS)),
      value: interestingValue,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('copy' as const), from: fc.nat(), to: fc.nat() }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('graft' as const), at: fc.nat(), donor: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wrap' as const),
      at: fc.nat(),
      inList: fc.boolean(),
    }),
  },
);

/** Applies the operations in turn to a copy of `base`; `donors` lend subtrees at the same path. */
export function mutate(base: Json, ops: readonly Op[], donors: readonly Json[]): Json {
  let doc = copy(base);
  for (const o of ops) {
    const all = paths(doc, 4000);
    const pick = (n: number) => all[n % all.length]!;
    const replace = (path: Key[], value: Json) => {
      if (path.length === 0) doc = value;
      else put(at(doc, path.slice(0, -1)), path[path.length - 1]!, value);
    };
    switch (o.kind) {
      case 'set':
        replace(pick(o.at)[0], o.value);
        break;
      case 'delete': {
        const [path] = pick(o.at);
        if (path.length === 0) break;
        const parent = at(doc, path.slice(0, -1));
        const key = path[path.length - 1]!;
        if (Array.isArray(parent)) parent.splice(key as number, 1);
        else delete (parent as Record<string, Json>)[key as string];
        break;
      }
      case 'insert': {
        const [path, v] = pick(o.at);
        if (v !== null && typeof v === 'object' && !Array.isArray(v)) put(v, o.key, o.value);
        else if (Array.isArray(v)) v.push(o.value);
        else replace(path, { [o.key]: o.value });
        break;
      }
      case 'copy': {
        const [, value] = pick(o.from);
        const [to] = pick(o.to);
        // A shallow file's subtree: safe to copy (it may hold an inserted deep value: then share it).
        let moved: Json;
        try {
          moved = copy(value);
        } catch {
          moved = value;
        }
        replace(to, moved);
        break;
      }
      case 'graft': {
        const donor = donors[o.donor % donors.length];
        const [path] = pick(o.at);
        const value = donor === undefined || path.length === 0 ? undefined : tryAt(donor, path);
        if (value !== undefined) replace(path, copy(value));
        break;
      }
      case 'wrap': {
        const [path, v] = pick(o.at);
        replace(path, o.inList ? [v] : { value: v });
        break;
      }
    }
  }
  return doc;
}

function tryAt(doc: Json, path: readonly Key[]): Json {
  let v = doc;
  for (const k of path) {
    // Own fields only: a donor's inherited `toString` is not data.
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string, Json>)[k as string];
  }
  return v;
}

/** A mutated copy of one of `bases` (its donors: the others). */
export function mutatedDoc(bases: readonly Json[], maxOps = 4): fc.Arbitrary<Json> {
  return fc
    .record({
      base: fc.nat(bases.length - 1),
      ops: fc.array(op, { minLength: 0, maxLength: maxOps }),
    })
    .map(({ base, ops }) => mutate(bases[base], ops, bases));
}

/** JSON text of a value, or null when the value is too deep for JSON.stringify. */
export function textOf(doc: Json): string | null {
  try {
    return JSON.stringify(doc, null, 2) ?? null;
  } catch {
    return null;
  }
}

type TextOp =
  | { kind: 'bom' }
  | { kind: 'cut'; at: number }
  | { kind: 'char'; at: number; char: string }
  | { kind: 'deep'; at: number; depth: number }
  | { kind: 'duplicateKey'; at: number };

const textOp: fc.Arbitrary<TextOp> = fc.oneof(
  fc.constant({ kind: 'bom' as const }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('char' as const),
    at: fc.nat(),
    char: fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"',
      ',',
      ':',
      '\\',
      '\u0000',
      '\uFEFF',
      'x',
      '1',
      ' ',
    ),
  }),
  fc.record({
    kind: fc.constant('deep' as const),
    at: fc.nat(),
    depth: fc.constantFrom(20, 40, 5000, 100_000),
  }),
  fc.record({ kind: fc.constant('duplicateKey' as const), at: fc.nat() }),
);

/** Text-level changes: a BOM, a cut, a stray character, a value nested deep, a key given twice. */
export function mutateText(text: string, ops: readonly TextOp[]): string {
  let t = text;
  for (const o of ops) {
    const n = Math.max(1, t.length);
    switch (o.kind) {
      case 'bom':
        t = `\uFEFF${t}`;
        break;
      case 'cut':
        t = t.slice(0, o.at % n);
        break;
      case 'char':
        t = t.slice(0, o.at % n) + o.char + t.slice(o.at % n);
        break;
      case 'deep': {
        const values = [...t.matchAll(/: (-?\d+|true|false|null|"[^"\\]*")/g)];
        const m = values[o.at % Math.max(1, values.length)];
        if (!m) break;
        const start = m.index! + 2;
        t = t.slice(0, start) + nestedText(o.depth, m[1]) + t.slice(start + m[1]!.length);
        break;
      }
      case 'duplicateKey': {
        const keys = [...t.matchAll(/\n {2}("[^"]+": [^\n]*?),?\n/g)];
        const m = keys[o.at % Math.max(1, keys.length)];
        if (m) t = t.replace(m[0], `\n  ${m[1]},\n  ${m[1]},\n`);
        break;
      }
    }
  }
  return t;
}

/** A file's content: a mutated document, as data or as (possibly damaged) JSON text. */
export function mutatedContent(bases: readonly Json[]): fc.Arbitrary<Json> {
  return fc
    .record({
      doc: mutatedDoc(bases),
      asText: fc.boolean(),
      textOps: fc.array(textOp, { maxLength: 2 }),
    })
    .map(({ doc, asText, textOps }) => {
      if (!asText) return doc;
      const text = textOf(doc);
      return text === null ? doc : mutateText(text, textOps);
    });
}

export const SCENARIO_DOCS: readonly Json[] = builtinScenarios.map((s) => s.doc);
export const ASSIGNMENT_DOCS: readonly Json[] = builtinAssignments.map((a) => a.doc);

/** The submission fixtures (tests/fixtures/submissions/<assignment>/*.json) that are JSON. */
export function submissionFixtures(): { assignment: string; doc: Json }[] {
  const root = new URL('../fixtures/submissions/', import.meta.url).pathname;
  const out: { assignment: string; doc: Json }[] = [];
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const f of readdirSync(join(root, dir.name)).sort())
      try {
        out.push({
          assignment: dir.name,
          doc: JSON.parse(readFileSync(join(root, dir.name, f), 'utf8')) as Json,
        });
      } catch {
        // bad-json.json: a text fixture, used as such by the text mutations.
      }
  }
  return out;
}

/** Dotted paths of a document's leaves and objects (for overrides that mostly name real fields). */
export function dottedPaths(doc: Json): string[] {
  return paths(doc, 2000)
    .filter(([p]) => p.length > 0)
    .map(([p]) => p.join('.'));
}
