/**
 * Hashes for assignments: SHA-256 (from @noble/hashes, a small audited library; no hand-written
 * crypto) for answer keys and assignment digests, and the project's cyrb53 for the per-student
 * seed, which needs to be stable and well mixed but not secret.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { hash53 } from '../kernel/hash';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** JSON with object keys sorted at every level and no whitespace: equal data, equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The digest of an assignment file: SHA-256 of its canonical JSON. Re-indenting the file keeps
 * it; changing any value (a point, a threshold, a hash) changes it, so a submission made for an
 * earlier version of the assignment is detected. `"$schema"` is left out: it tells an editor
 * where the JSON Schema is, and adding or moving it changes no question.
 */
export function assignmentDigest(doc: unknown): string {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return sha256Hex(canonicalJson(doc));
  const { $schema: _editorOnly, ...content } = doc as Record<string, unknown>;
  return sha256Hex(canonicalJson(content));
}

/**
 * How a free-text or option answer is compared: Unicode NFKC, trimmed, inner whitespace collapsed
 * to one space, lower-case; a plain decimal number is written canonically (`0.50` → `0.5`,
 * `+3` → `3`).
 */
export function normaliseAnswer(answer: string | number): string {
  const text = String(answer).normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? String(Number(text)) : text;
}

/** The stored key of a choice answer: hex SHA-256 of `salt + ':' + normalisedAnswer`. */
export function hashAnswer(salt: string, answer: string | number): string {
  return sha256Hex(`${salt}:${normaliseAnswer(answer)}`);
}

/** A student id as compared and hashed: NFKC, trimmed, lower-case. */
export function normaliseStudentId(id: string): string {
  return id.normalize('NFKC').trim().toLowerCase();
}

/** A 32-bit seed from (assignment id, student id): the same pair always gives the same seed. */
export function studentSeed(assignmentId: string, studentId: string): number {
  const h = hash53(`${assignmentId}\u241f${normaliseStudentId(studentId)}`);
  return parseInt(h.slice(-8), 16) >>> 0;
}

/** A stable index 0 … n−1 for `label` under `seed` (one independent draw per label). */
export function pick(seed: number, label: string, n: number): number {
  if (n <= 1) return 0;
  return parseInt(hash53(label, seed).slice(-8), 16) % n;
}
