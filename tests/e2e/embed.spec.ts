/**
 * An embedded frame posts its content's height to the page around it (lecture/embed-height.ts),
 * and the script docs/teaching/embedding.md gives lecturers sizes the frame to it. The script is
 * taken from that page, so the documentation is what is tested. The course page is on another
 * origin, as it would be.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Frame, type Page } from '@playwright/test';

/**
 * The course page, served by a server of its own: another origin than NI Lab's, and on this
 * machine (Chromium lets no page from outside the local network frame a server on it).
 */
let server: Server;
let courseOrigin: string;
let coursePage = '';

test.beforeAll(async () => {
  server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(coursePage),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  courseOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

/** The ```html block of the "Fit the frame to its content" section. */
function documentedScript(): string {
  const doc = readFileSync('docs/teaching/embedding.md', 'utf8');
  const section = doc.slice(doc.indexOf('## Fit the frame to its content'));
  const block = /```html\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('no script in embedding.md');
  return block[1]!;
}

const cycleOf = (app: Frame, cycle: number) =>
  expect(app.getByTestId('cycle-input')).toHaveValue(String(cycle));

/** Opens the course page with its frame; returns the frame's document once NI Lab is in it. */
async function courseWithFrame(page: Page, niLabOrigin: string, appUrl: string): Promise<Frame> {
  const script = documentedScript().replace("'https://your-host'", JSON.stringify(niLabOrigin));
  coursePage = `<!doctype html><html lang="en"><title>Lecture 5</title><body>
        <h1>Lecture 5</h1>
        <iframe src="${appUrl}" title="NI Lab" width="960" height="640"></iframe>
        ${script}
        <script>
          // For the test: every height message that arrives, whoever sent it.
          window.heights = [];
          window.addEventListener('message', (e) => {
            if (e.data && e.data.type === 'ni-lab:height') window.heights.push(e.data.height);
          });
        </script>
      </body></html>`;
  await page.goto(`${courseOrigin}/lecture-5.html`);
  const app = await (await page.locator('iframe').elementHandle())!.contentFrame();
  if (!app) throw new Error('no frame');
  return app;
}

test('the documented script sizes an embedded frame to its content, and follows it', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const app = await courseWithFrame(
    page,
    origin,
    `${baseURL}/#v1?b=write-invalidation&c=187&embed=1`,
  );
  await cycleOf(app, 187);

  const iframe = page.locator('iframe');
  /** The frame's inner height (its border aside). */
  const frameHeight = () => iframe.evaluate((el) => el.clientHeight);
  const contentHeight = () =>
    app.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  /** How far the frame is from its content's height, read at one moment (panels may still load). */
  const mismatch = async () => (await frameHeight()) - (await contentHeight());
  // The frame becomes exactly as tall as its content: nothing scrolls inside it any more.
  await expect.poll(mismatch).toBe(0);
  expect(await app.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
  expect(
    await app.evaluate(
      () => document.scrollingElement!.scrollHeight - document.scrollingElement!.clientHeight,
    ),
  ).toBeLessThanOrEqual(0);
  await expect(app.getByTestId('embed-bar')).toBeVisible();

  // A narrower frame stacks its panels: taller content, and the frame follows.
  const before = await frameHeight();
  await iframe.evaluate((el) => ((el as HTMLIFrameElement).style.width = '420px'));
  await expect.poll(frameHeight).toBeGreaterThan(before);
  await expect.poll(mismatch).toBe(0);
});

test('the script ignores a frame from an origin it was not told about', async ({
  page,
  baseURL,
}) => {
  const app = await courseWithFrame(
    page,
    'https://elsewhere.example',
    `${baseURL}/#v1?b=write-invalidation&embed=1`,
  );
  await cycleOf(app, 0);
  // The frame has posted its height (not 640) …
  const heights = () => page.evaluate(() => (window as unknown as { heights: number[] }).heights);
  await expect.poll(heights).not.toEqual([]);
  expect((await heights()).at(-1)).not.toBe(640);
  // … and the documented script, told of another origin, took no message from it.
  expect(await page.locator('iframe').evaluate((el) => el.clientHeight)).toBe(640);
});
