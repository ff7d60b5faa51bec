/**
 * `path=value` overrides (CLI `--set`, share links): applied to the raw scenario document before
 * validation, so an override is checked exactly like a hand-written field. Values are JSON when
 * they parse as JSON (`4`, `true`, `"x"`), else plain text (`MESI`).
 */
import { clonePlain } from '../kernel/clone';
import { fail, ok, type InputIssue, type Result } from './issues';

export interface Override {
  path: string;
  value: unknown;
}

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export function parseOverride(text: string): Result<Override, InputIssue> {
  const eq = text.indexOf('=');
  const path = eq > 0 ? text.slice(0, eq) : '';
  if (!/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(path)) {
    return fail({
      code: 'LNK005',
      path: '',
      message: `expected path=value with a dotted path like system.protocol=MESI, got ${JSON.stringify(text.slice(0, 60))}`,
    });
  }
  const bad = path.split('.').find((k) => FORBIDDEN.has(k));
  if (bad) return fail({ code: 'LNK005', path, message: `"${bad}" is not allowed in a path` });
  const raw = text.slice(eq + 1);
  return ok({ path, value: parseValue(raw) });
}

function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Returns a new document with the overrides applied; the input is not modified. */
export function applyOverrides(
  doc: unknown,
  overrides: readonly Override[],
): Result<unknown, InputIssue> {
  const out = clonePlain(doc) as Record<string, unknown>;
  for (const { path, value } of overrides) {
    const keys = path.split('.');
    const bad = keys.find((k) => FORBIDDEN.has(k));
    if (bad) return fail({ code: 'LNK005', path, message: `"${bad}" is not allowed in a path` });
    let node: Record<string, unknown> = out;
    for (const key of keys.slice(0, -1)) {
      const next = node[key];
      if (next === null || typeof next !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[keys[keys.length - 1]!] = clonePlain(value);
  }
  return ok(out);
}
