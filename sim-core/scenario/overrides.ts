/**
 * `path=value` overrides (CLI `--set`, share links, assignments): applied to the raw scenario
 * document before validation, so an override is checked exactly like a hand-written field. Values
 * are JSON when they parse as JSON (`4`, `true`, `"x"`), else plain text (`MESI`).
 *
 * Neither function throws. A path may create missing objects on its way (`workload.traffic.
 * hotspot.node=3`), but not walk into a number or a text, not name a list's item by anything
 * but its index, not go past a list's end (`memory.4294967294=1` would make a list of four
 * billion places), and never use `__proto__`, `prototype` or `constructor`: each is LNK005 with
 * the path.
 */
import { clonePlain } from '../kernel/clone';
import { readJson } from '../kernel/bounds';
import { fail, ok, showValue, type InputIssue, type Result } from './issues';
import { OVERRIDE_LIMITS, SCENARIO_BOUNDS } from './limits';

export interface Override {
  path: string;
  value: unknown;
}

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

const PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

const bad = (path: string, message: string): Result<never, InputIssue> =>
  fail({ code: 'LNK005', path: path.slice(0, OVERRIDE_LIMITS.pathLength), message });

/** Why a dotted path cannot be an override's, or null. */
function pathProblem(path: string): string | null {
  if (path.length > OVERRIDE_LIMITS.pathLength)
    return `a path is at most ${OVERRIDE_LIMITS.pathLength} characters`;
  if (!PATH.test(path))
    return `expected a dotted path like system.protocol, got ${showValue(path)}`;
  const keys = path.split('.');
  if (keys.length > OVERRIDE_LIMITS.keys) return `a path has at most ${OVERRIDE_LIMITS.keys} keys`;
  const forbidden = keys.find((k) => FORBIDDEN.has(k));
  return forbidden ? `"${forbidden}" is not allowed in a path` : null;
}

export function parseOverride(text: string): Result<Override, InputIssue> {
  if (text.length > OVERRIDE_LIMITS.text)
    return bad(
      '',
      `an override is at most ${OVERRIDE_LIMITS.text.toLocaleString('en')} characters`,
    );
  const eq = text.indexOf('=');
  const path = eq > 0 ? text.slice(0, eq) : '';
  if (!PATH.test(path))
    return bad(
      '',
      `expected path=value with a dotted path like system.protocol=MESI, got ${showValue(text)}`,
    );
  const problem = pathProblem(path);
  if (problem) return bad(path, problem);
  const raw = text.slice(eq + 1);
  const read = readJson(raw, SCENARIO_BOUNDS);
  if (read.ok) return ok({ path, value: read.value });
  if (read.kind === 'limit') return bad(path, `the value is too large: ${read.breach.message}`);
  return ok({ path, value: raw });
}

const INDEX = /^(0|[1-9][0-9]*)$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

const kindOf = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'a list'
      : typeof v === 'string'
        ? 'a text'
        : `a ${typeof v}`;

/**
 * Why `key` cannot be set inside `node`, or null when it can (`node` is an object, or a list and
 * `key` an index within it or just past its end). `at` is the path so far, for the message.
 */
function step(node: unknown, key: string, at: string): string | null {
  if (Array.isArray(node)) {
    if (!INDEX.test(key))
      return `${at} is a list: expected an item's index 0..${Math.max(0, node.length - 1)}, got ${showValue(key)}`;
    if (Number(key) > node.length)
      return `index ${key} is past the end of ${at} (${node.length} item${node.length === 1 ? '' : 's'}; the next is ${node.length})`;
    return null;
  }
  if (isObject(node)) return null;
  return `${at === '' ? 'the scenario' : at} is ${kindOf(node)} (${showValue(node)}), not an object: nothing can be set inside it`;
}

/** Returns a new document with the overrides applied; the input is not modified. Never throws. */
export function applyOverrides(
  doc: unknown,
  overrides: readonly Override[],
): Result<unknown, InputIssue> {
  if (overrides.length === 0) return ok(doc);
  let out: unknown;
  try {
    out = clonePlain(doc);
  } catch {
    return bad('', 'the scenario is nested too deeply to change');
  }
  for (const { path, value } of overrides) {
    const problem = pathProblem(path);
    if (problem) return bad(path, problem);
    const keys = path.split('.');
    let node = out;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const at = keys.slice(0, i).join('.');
      const why = step(node, key, at);
      if (why) return bad(path, why);
      const container = node as Record<string, unknown>;
      if (i === keys.length - 1) {
        let copy: unknown;
        try {
          copy = clonePlain(value);
        } catch {
          return bad(path, 'the value is nested too deeply');
        }
        container[key] = copy;
      } else {
        const next = Object.hasOwn(container, key) ? container[key] : undefined;
        // A missing (or null) object on the way is made: `workload.traffic.hotspot.node=3`.
        if (next === undefined || next === null) container[key] = {};
        node = container[key];
      }
    }
  }
  return ok(out);
}
