import { expect, test } from '@playwright/test';
import { waitForCycle } from './helpers';

const cases: [string, string, string][] = [
  ['a truncated compressed scenario', '#v1?z=N4IgbghgNg', 'LNK002'],
  ['an unknown link version', '#v7?b=write-invalidation', 'LNK001'],
  ['an unknown built-in scenario', '#v1?b=no-such-scenario', 'LNK003'],
  ['a malformed cycle', '#v1?b=write-invalidation&c=12abc', 'LNK004'],
  ['an out-of-range override', '#v1?b=write-invalidation&set=system.nodes%3D40', 'SCN003'],
  ['a wrong type', '#v1?b=write-invalidation&set=system.cache.associativity%3D%22two%22', 'SCN004'],
  ['a malformed escape', '#v1?b=write-invalidation&set=%E0%A4%A', 'LNK002'],
];

for (const [what, hash, code] of cases) {
  test(`${what} shows ${code} and the app stays usable`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/${hash}`);
    await expect(page.getByTestId('problem')).toContainText(code);
    // The default scenario is open underneath and works.
    await expect(page.getByTestId('scenario-title')).toHaveText('Write invalidation');
    await page.getByTestId('step-forward').click();
    await waitForCycle(page, 1);
    expect(errors).toEqual([]);
  });
}

test('hostile text in a link is shown as text and never runs', async ({ page }) => {
  const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
  const hash = `#v1?b=write-invalidation&set=${encodeURIComponent(`title=${payload}`)}&set=${encodeURIComponent(`walkthrough=[{"cycle":0,"note":"[click](javascript:window.__pwned=3) ${payload.replace(/"/g, '\\"')}"}]`)}`;
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('scenario-title')).toHaveText(payload);
  await expect(page.getByTestId('notes')).toContainText('<script>');
  await page.getByTestId('notes').getByText('click').click();
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});
