/**
 * What a first visit downloads before the page draws (tools/bundle-size.ts), checked on the build
 * the browser tests run against: at most 250 kB of scripts gzipped, and none of the simulator —
 * no model's engine, no session, no scenario schema, no zod — which runs in the worker only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { chunkSizes, initialScripts, MAIN_BUDGET_BYTES, mainBytes } from '../../tools/bundle-size';

const DIST = resolve(process.env.E2E_DIST ?? 'dist');

/** Source files of the simulator that the page must not carry (their sourcemap names). */
const SIMULATOR =
  /sim-core\/(session|sim|models)\.ts$|sim-core\/scenario\/(schema|parse)\.ts$|sim-core\/.*-system\.ts$|node_modules\/zod\//;

/** A script's source files, from its sourcemap (the bundler's own tiny runtime has none). */
function sourcesOf(file: string): string[] | null {
  const path = join(DIST, `${file}.map`);
  if (!existsSync(path)) return null;
  return (JSON.parse(readFileSync(path, 'utf8')) as { sources: string[] }).sources;
}

test('the first visit loads at most 250 kB of scripts, gzipped', () => {
  const sizes = chunkSizes(DIST);
  expect(sizes.some((c) => c.initial)).toBe(true);
  expect(mainBytes(sizes)).toBeLessThanOrEqual(MAIN_BUDGET_BYTES);
});

test('the page’s first scripts carry no simulator: it runs in the worker', () => {
  const initial = initialScripts(DIST).map(sourcesOf);
  expect(initial.filter((sources) => sources !== null).length).toBeGreaterThan(0);
  const carried = initial.flatMap((sources) => sources ?? []).filter((s) => SIMULATOR.test(s));
  expect(carried).toEqual([]);
  // The check sees the simulator where it is.
  const worker = chunkSizes(DIST).find((c) => c.file.includes('sim.worker'))!;
  expect(sourcesOf(worker.file)!.filter((s) => SIMULATOR.test(s)).length).toBeGreaterThan(5);
});
