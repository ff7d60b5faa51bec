/**
 * Size limits for untrusted input, checked without recursion. A document nested 100,000 deep or
 * holding a million-item list must be refused before anything that recurses or copies (cloning,
 * validation, structured clone to the worker, error formatting) sees it, so both checks here
 * walk with explicit counters: `readJson` scans the text before parsing it, `measurePlain` walks
 * a parsed value with its own stack.
 */

export interface Bounds {
  /** Characters of JSON text. */
  length: number;
  /** Nesting of lists and objects (a scalar is depth 0, `[1]` is 1). */
  depth: number;
  /** Characters of one string (keys included). */
  stringLength: number;
  /** Items of one list, or fields of one object. */
  items: number;
  /** Values in the whole document. */
  values: number;
}

export interface BoundsBreach {
  limit: keyof Bounds;
  /** Dotted path to where the limit was passed ('' for the whole), shortened when very deep. */
  path: string;
  message: string;
}

const UNIT: Record<keyof Bounds, string> = {
  length: 'characters of text',
  depth: 'levels of nesting',
  stringLength: 'characters in one text',
  items: 'items in one list or fields in one object',
  values: 'values in all',
};

const breach = (limit: keyof Bounds, path: string, max: number, found?: number): BoundsBreach => ({
  limit,
  path,
  message: `more than ${max.toLocaleString('en')} ${UNIT[limit]}${found === undefined ? '' : ` (${found.toLocaleString('en')})`}`,
});

/** The first 8 keys of a path, then how many more: a path 100,000 deep is not printed whole. */
function pathOf(keys: readonly string[]): string {
  const shown = keys.slice(0, 8).map((k) => (k.length > 24 ? `${k.slice(0, 23)}…` : k));
  return keys.length > 8 ? `${shown.join('.')}.… (${keys.length} deep)` : shown.join('.');
}

interface Frame {
  value: unknown;
  depth: number;
  parent: Frame | null;
  key: string;
}

function keysTo(frame: Frame): string[] {
  const keys: string[] = [];
  for (let f: Frame | null = frame; f && f.parent; f = f.parent) keys.push(f.key);
  return keys.reverse();
}

/** The first limit a parsed value passes, or null. Never recurses; stops at the first breach. */
export function measurePlain(value: unknown, bounds: Bounds): BoundsBreach | null {
  const stack: Frame[] = [{ value, depth: 0, parent: null, key: '' }];
  let values = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (++values > bounds.values) return breach('values', pathOf(keysTo(frame)), bounds.values);
    if (typeof v === 'string') {
      if (v.length > bounds.stringLength)
        return breach('stringLength', pathOf(keysTo(frame)), bounds.stringLength, v.length);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const depth = frame.depth + 1;
    if (depth > bounds.depth) return breach('depth', pathOf(keysTo(frame)), bounds.depth);
    const isList = Array.isArray(v);
    const keys = isList ? null : Object.keys(v);
    const count = isList ? v.length : keys!.length;
    if (count > bounds.items) return breach('items', pathOf(keysTo(frame)), bounds.items, count);
    for (let i = count - 1; i >= 0; i--) {
      const key = isList ? String(i) : keys![i]!;
      if (key.length > bounds.stringLength)
        return breach('stringLength', pathOf(keysTo(frame)), bounds.stringLength, key.length);
      stack.push({ value: (v as Record<string, unknown>)[key], depth, parent: frame, key });
    }
  }
  return null;
}

/** U+FEFF, the byte-order mark some editors put at the start of a UTF-8 file. */
const BOM = '\uFEFF';

export type JsonReading =
  | { ok: true; value: unknown }
  | { ok: false; kind: 'syntax'; message: string }
  | { ok: false; kind: 'limit'; breach: BoundsBreach };

/**
 * Parses JSON text within bounds: a leading byte-order mark is dropped, the length and nesting
 * are checked on the text before it is parsed (by a scan that keeps one counter), and the parsed
 * value is then measured against the other limits.
 */
export function readJson(text: string, bounds: Bounds): JsonReading {
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  if (body.length > bounds.length)
    return { ok: false, kind: 'limit', breach: breach('length', '', bounds.length, body.length) };
  if (nestsDeeperThan(body, bounds.depth))
    return { ok: false, kind: 'limit', breach: breach('depth', '', bounds.depth) };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (e) {
    return {
      ok: false,
      kind: 'syntax',
      message: e instanceof Error ? e.message.slice(0, 200) : 'parse error',
    };
  }
  const over = measurePlain(value, bounds);
  return over ? { ok: false, kind: 'limit', breach: over } : { ok: true, value };
}

/** Whether brackets outside strings nest deeper than `max` anywhere in the text. */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
