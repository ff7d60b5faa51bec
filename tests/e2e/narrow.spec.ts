/**
 * On a phone (412 × 915, a common Android size) the page fits its width — the header wraps, the
 * scenario menu shortens, a wide panel scrolls inside itself — and the time controls scroll away
 * with the page, so the simulator's picture gets the screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { waitForCycle } from './helpers';

test.use({ viewport: { width: 412, height: 915 } });

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

for (const [id, picture] of [
  ['write-invalidation', 'panel-caches'],
  ['one-packet', 'panel-torus'],
  ['cni-polling-cdr', 'panel-cdr'],
  ['cranium-out-of-order', 'panel-cranium'],
] as const)
  test(`${id}: no sideways scrolling, a compact header, the picture unobstructed`, async ({
    page,
  }) => {
    await page.goto(`/#v1?b=${id}&c=2`);
    await waitForCycle(page, 2);
    await expect(page.getByTestId(picture)).toBeVisible();
    expect(await pageOverflow(page)).toBe(0);

    // The header, with the model's menus, takes at most about a third of the screen.
    const header = page.locator('header.app-header');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(0.35 * 915);
    // Every control of the header is on screen, none cut at the right edge.
    for (const control of await header.locator('button:visible, select:visible').all()) {
      const b = (await control.boundingBox())!;
      expect(b.x + b.width, await control.innerText()).toBeLessThanOrEqual(412);
    }
    // The picture starts within the first two screens, and when scrolled to, nothing covers it.
    const panel = page.getByTestId(picture);
    expect((await panel.boundingBox())!.y).toBeLessThan(2 * 915);
    await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const covered = await panel.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + 20, r.top + 12);
      return hit === null || !el.contains(hit);
    });
    expect(covered).toBe(false);
  });

test('a settings panel of the header opens within the screen', async ({ page }) => {
  await page.goto('/#v1?b=cni-polling-cdr&c=2');
  await waitForCycle(page, 2);
  // On a phone the model's menus fold under "Machine settings".
  await page.getByTestId('model-menus').locator(':scope > summary').click();
  await page.getByTestId('cni-settings-toggle').click();
  const panel = page.getByTestId('cni-settings').locator('fieldset');
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(412);
  expect(await pageOverflow(page)).toBe(0);
});

test('the start page fits a phone too', async ({ page }) => {
  await page.goto('/#start');
  await expect(page.getByTestId('start-page')).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);
});
