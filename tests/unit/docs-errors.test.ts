/**
 * docs/errors.md explains every code: one `## CODE` section per key of ISSUE_CODES (input), one
 * `### CODE` section per key of APP_ISSUE_CODES (the app's own failures).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ISSUE_CODES } from '../../sim-core/index';
import { APP_ISSUE_CODES } from '../../src/shell/app-issues';

const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const headings = new Set([...doc.matchAll(/^## (\S+)\s*$/gm)].map((m) => m[1]!));
const subHeadings = new Set([...doc.matchAll(/^### (\S+)\s*$/gm)].map((m) => m[1]!));

it.each(Object.keys(ISSUE_CODES))('docs/errors.md has a section for %s', (code) => {
  expect(headings.has(code), `add a "## ${code}" section to docs/errors.md`).toBe(true);
});

it('docs/errors.md has no section for a code that does not exist', () => {
  const codes = new Set(Object.keys(ISSUE_CODES));
  expect([...headings].filter((h) => !codes.has(h))).toEqual([]);
});

it.each(Object.keys(APP_ISSUE_CODES))('docs/errors.md has a section for %s', (code) => {
  expect(subHeadings.has(code), `add a "### ${code}" section to docs/errors.md`).toBe(true);
});
