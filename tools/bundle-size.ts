/**
 * What a first visit downloads before the page can draw, measured on a build: the entry script
 * index.html loads and every chunk it preloads (its static imports), gzipped. `npm run build`
 * prints it beside every other chunk (the vite.config.ts report); tests/e2e/bundle-budget.spec.ts
 * fails when it passes MAIN_BUDGET_BYTES. Node only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The page's own JavaScript on a first visit, gzipped (issue 21: ≤ 250 kB, as Vite counts). */
export const MAIN_BUDGET_BYTES = 250_000;

export interface ChunkSize {
  /** Path inside the build folder ("assets/index-abc.js"). */
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Loaded by index.html itself (the entry or one of its preloads). */
  initial: boolean;
}

/** zlib's default level, as Vite's own report and most static servers use. */
const gzipSize = (path: string) => gzipSync(readFileSync(path)).length;

/** The scripts index.html loads at once: its module script and its modulepreload links. */
export function initialScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!.replace(/^\.?\//, ''));
  return [...new Set(urls)];
}

/** Every script of a build (the page's chunks, the workers', the service worker), largest first. */
export function chunkSizes(dist: string): ChunkSize[] {
  const initial = new Set(initialScripts(dist));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.js')) files.push(relative(dist, path));
    }
  };
  walk(dist);
  return files
    .map((file) => ({
      file,
      bytes: statSync(join(dist, file)).size,
      gzipBytes: gzipSize(join(dist, file)),
      initial: initial.has(file),
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** The gzipped bytes a first visit's scripts add up to. */
export const mainBytes = (sizes: readonly ChunkSize[]) =>
  sizes.filter((c) => c.initial).reduce((sum, c) => sum + c.gzipBytes, 0);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The report `npm run build` prints. */
export function sizeReport(dist: string): string {
  const sizes = chunkSizes(dist);
  const width = Math.max(...sizes.map((c) => c.file.length));
  const main = mainBytes(sizes);
  return [
    'Scripts (gzipped; * = loaded by index.html at once):',
    ...sizes.map(
      (c) =>
        `  ${c.initial ? '*' : ' '} ${c.file.padEnd(width)}  ${kb(c.bytes).padStart(9)}  gzip ${kb(c.gzipBytes).padStart(8)}`,
    ),
    `  main (first visit): ${kb(main)} gzipped, budget ${kb(MAIN_BUDGET_BYTES)}${main > MAIN_BUDGET_BYTES ? ' — OVER BUDGET' : ''}`,
  ].join('\n');
}
