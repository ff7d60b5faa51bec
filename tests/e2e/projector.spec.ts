/**
 * On a projector (1280×720): the header leaves the picture the screen, the offline toast keeps to
 * a corner, the panels use the width of the columns that hold something, and every panel prints
 * time the same way, and in presentation mode the fixed-width pictures keep readable text.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { builtinIds, waitForCycle } from './helpers';

const PROJECTOR = { width: 1280, height: 720 };
const TOPICS = ['coherence', 'cni', 'torus', 'cranium', 'edt', 'flash', 'fugu'];

/** The rows a bar's controls sit in: a control starts a new row when it is below the last. */
function rowsOf(bar: Locator): Promise<number> {
  return bar.evaluate((el) => {
    // checkVisibility leaves out a closed <details>'s content, which Chromium keeps laid out.
    const boxes = [...el.querySelectorAll('h1, h2, button, select, summary, input, output, .seed')]
      .filter((c) => c.checkVisibility())
      .map((c) => c.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0)
      .sort((a, b) => a.top - b.top);
    let rows = 0;
    let bottom = -Infinity;
    for (const r of boxes) {
      if (r.top >= bottom - 2) rows++;
      bottom = Math.max(r.top >= bottom - 2 ? r.bottom : bottom, r.bottom);
    }
    return rows;
  });
}

const boxOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

const overlap = (a: DOMRect, b: DOMRect) =>
  Math.min(a.right, b.right) > Math.max(a.left, b.left) &&
  Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);

test('at 1280×720 the header and the presentation bar take at most two rows, for every model', async ({
  page,
}) => {
  await page.setViewportSize(PROJECTOR);
  for (const topic of TOPICS) {
    // The scenario of the topic with the most settings in its header is its first.
    const id = builtinIds(topic)[0]!;
    await page.goto(`/#v1?b=${id}`);
    await waitForCycle(page, 0);
    await expect(page.getByTestId('scenario-select')).toHaveValue(id);
    const header = page.locator('header.app-header');
    // Polled: a hash change swaps the model's menus in after the cycle shows 0.
    await expect
      .poll(() => rowsOf(header), { message: `${id}: the header's rows` })
      .toBeLessThanOrEqual(2);
    expect((await header.boundingBox())!.height, id).toBeLessThanOrEqual(120);
    await page.keyboard.press('f');
    const bar = page.getByTestId('present-bar');
    await expect(bar).toBeVisible();
    await expect
      .poll(() => rowsOf(bar), { message: `${id}: the presentation bar's rows` })
      .toBeLessThanOrEqual(2);
    await page.keyboard.press('Escape');
  }
});

test('the offline toast keeps to the bottom right corner, off the controls and the picture, and goes', async ({
  page,
}) => {
  await page.setViewportSize(PROJECTOR);
  await page.goto('/#v1?b=contention');
  await waitForCycle(page, 0);
  const toast = page.getByTestId('offline-notice');
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(toast).toHaveAttribute('role', 'status');
  const box = await boxOf(page, '[data-testid="offline-notice"]');
  expect(PROJECTOR.width - box.right).toBeLessThanOrEqual(16);
  expect(PROJECTOR.height - box.bottom).toBeLessThanOrEqual(16);
  expect(box.width).toBeLessThan(PROJECTOR.width / 2);
  for (const what of ['.sticky-controls', '.area-centre [data-main-picture]'])
    expect(overlap(box, await boxOf(page, what)), `over ${what}`).toBe(false);
  // It closes by itself after a few seconds.
  await expect(toast).toHaveCount(0, { timeout: 6_000 });
});

test('the panels take the width of the columns that hold something', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const [views, panel] of [
    ['router,log', 'panel-router'],
    ['torus', 'panel-torus'],
  ] as const) {
    await page.goto(`/#v1?b=contention&views=${views}`);
    await waitForCycle(page, 0);
    const grid = await boxOf(page, '.panels');
    const box = await boxOf(page, `[data-testid="${panel}"]`);
    expect(box.left - grid.left, `${views}: ${panel} starts at the grid's left`).toBeLessThan(2);
    expect(box.width, `${views}: ${panel}'s width`).toBeGreaterThan(0.55 * grid.width);
  }
});

test('every panel prints time one way: whole ns below 1 µs, µs with two decimals above', async ({
  page,
}) => {
  await page.goto('/#v1?b=edt-eager-send&c=5000&views=phases,stats');
  await waitForCycle(page, 5000);
  const text = `${await page.getByTestId('panel-phases').textContent()} ${await page.getByTestId('panel-stats').textContent()}`;
  expect(text).toMatch(/\d\.\d\d µs/);
  expect(text).toMatch(/\d+ ns/);
  // Never 4 digits of ns, never µs to other than two decimals.
  expect(text).not.toMatch(/\d{4,} ns/);
  for (const us of text.match(/[\d.]+ µs/g) ?? []) expect(us).toMatch(/^[1-9]\d*\.\d\d µs$/);
});

test('in presentation at 1280×720 the fixed-width pictures keep readable text: the right column goes under them', async ({
  page,
}) => {
  await page.setViewportSize(PROJECTOR);
  for (const [id, picture] of [
    ['flash-4kb-anatomy', '[data-testid="magic-svg"]'],
    ['edt-eager-send', '[data-testid="via-view"] svg'],
  ] as const) {
    await page.goto(`/#v1?b=${id}&c=300&present=1`);
    await waitForCycle(page, 300);
    // A box label's height on screen: 12 px type at the picture's own scale, times the zoom.
    const label = page.locator(`${picture} text`).first();
    const height = (await label.boundingBox())!.height;
    expect(height, `${id}: a label's height on screen`).toBeGreaterThanOrEqual(12);
    // The main picture's column is the widest: the right column's panels sit under it.
    const grid = await boxOf(page, '.panels');
    const main = await boxOf(page, '.area-centre');
    expect(main.width, `${id}: the main column's share`).toBeGreaterThan(0.6 * grid.width);
    await expect(page.locator('.area-right')).toHaveCount(0);
  }
});
