/**
 * The built site as a course hosts it (docs/hosting.md): plain static files under a sub-path,
 * served here by a few lines of Node (no rewrites, no special headers). Walk a lecture, share a
 * link, open a model whose panels load lazily; then go offline and reload: the service worker
 * answers everything from its cache, including scenarios and panels not opened before.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForCycle } from './helpers';

const DIST = resolve(process.env.E2E_DIST ?? 'dist');
const PREFIX = '/ni-lab/';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

let server: Server;
let origin: string;
/** Every path the browser asked the server for. */
const requested: string[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requested.push(path);
    if (path === PREFIX.slice(0, -1)) {
      res.writeHead(301, { location: PREFIX }).end();
      return;
    }
    const inside = path.startsWith(PREFIX) ? normalize(path.slice(PREFIX.length)) : null;
    if (inside === null || inside.startsWith('..')) {
      res.writeHead(404).end();
      return;
    }
    const file = join(DIST, inside === '.' || inside === '' ? 'index.html' : inside);
    readFile(file).then(
      (body) =>
        res
          .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

test('under a sub-path: a lecture, a share link, lazily loaded panels, then offline after a reload', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });

  // The start page, then a lecture from it.
  await page.goto(`${origin}${PREFIX}#start`);
  await page.getByTestId('start-open-write-invalidation').click();
  await waitForCycle(page, 0);
  await page.getByTestId('lecture-next').click();
  await waitForCycle(page, 2);
  await expect(page.getByTestId('lecture-counter')).toContainText('Step 1 of 6');

  // The share link keeps the sub-path and reopens the same step in a new tab.
  await page.getByTestId('share').click();
  const link = page.url();
  expect(link.startsWith(`${origin}${PREFIX}#v1?b=write-invalidation`)).toBe(true);
  expect(link).toContain('c=2');
  const second = await context.newPage();
  await second.goto(link);
  await waitForCycle(second, 2);
  await second.close();

  // A torus model: its panels and the torus painter's worker load on demand.
  await page.getByTestId('scenario-select').selectOption('one-packet');
  await expect(page.getByTestId('panel-torus')).toBeVisible();

  // The service worker has stored every file the app needs.
  await expect(page.getByTestId('offline-notice')).toContainText('without a network');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(
    `${origin}${PREFIX}`,
  );

  await context.setOffline(true);
  await page.goto(`${origin}${PREFIX}#v1?b=write-invalidation&c=44`);
  await page.reload();
  await waitForCycle(page, 44);
  await expect(page.getByTestId('lecture-counter')).toContainText('Step 2 of 6');
  await page.keyboard.press('n');
  await waitForCycle(page, 186);
  // Scenarios and panels this visit never opened come from the cache too.
  await page.getByTestId('scenario-select').selectOption('cranium-out-of-order');
  await expect(page.getByTestId('panel-cranium')).toBeVisible();
  await page.getByTestId('scenario-select').selectOption('cni-polling-cdr');
  await expect(page.getByTestId('panel-cdr')).toBeVisible();

  expect(problems).toEqual([]);
  expect(requested.filter((p) => !p.startsWith(PREFIX))).toEqual([]);
  await context.close();
});

test('a panel whose code cannot be fetched says so in its place; the rest works', async ({
  page,
}) => {
  // As if the network failed for the torus panel's chunk (and no stored copy had it).
  await page.route(/\/assets\/TorusView-[^/]*\.js$/, (route) => route.abort());
  await page.goto('/#v1?b=one-packet&c=2');
  await waitForCycle(page, 2);
  const torus = page.getByTestId('panel-torus');
  await expect(torus.getByRole('alert')).toContainText('could not be loaded');
  await expect(torus.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByTestId('panel-router')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await waitForCycle(page, 3);
});
