import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parseScenario, Session } from '../../sim-core/index';
import { lineStates, waitForCycle } from './helpers';

test('a share link opened in a fresh browser shows the same cycle and cache states', async ({
  page,
  browser,
}) => {
  await page.goto('/#v1?b=write-invalidation&c=180');
  await waitForCycle(page, 180);
  await page.getByTestId('protocol-select').selectOption('MESI');
  await expect(page.getByTestId('protocol-select')).toHaveValue('MESI');
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
  await waitForCycle(page, 195);
  await page.getByTestId('share').click();
  const url = page.url();
  expect(url).toContain('#v1?b=write-invalidation');
  expect(url).toContain('c=195');
  const states = await lineStates(page);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(url);
  await waitForCycle(other, 195);
  await expect(other.getByTestId('protocol-select')).toHaveValue('MESI');
  expect(await lineStates(other)).toEqual(states);
  await fresh.close();
});

test('a scenario opened from a file travels inside the link', async ({ page, browser }) => {
  await page.goto('/');
  await waitForCycle(page, 0);
  const doc = JSON.parse(readFileSync('scenarios/coherence/write-invalidation.json', 'utf8'));
  doc.id = 'my-variant';
  doc.title = 'My variant';
  doc.system.nodes = 2;
  doc.workload.programs = doc.workload.programs.slice(0, 2);
  await page.getByTestId('file-input').setInputFiles({
    name: 'variant.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  await expect(page.getByTestId('scenario-title')).toHaveText('My variant');
  await page.keyboard.press('End');
  await expect(page.getByTestId('cycle-of')).not.toHaveText(/of 0\b/);
  const last = Number((await page.getByTestId('cycle-of').textContent())!.replace(/\D+/g, ''));
  await waitForCycle(page, last);
  await page.getByTestId('share').click();
  expect(page.url()).toContain('#v1?z=');
  const other = await (await browser.newContext()).newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('scenario-title')).toHaveText('My variant');
  await waitForCycle(other, last);
});

test('the worker in the browser produces the same event log as Node', async ({ page }) => {
  await page.goto('/#v1?b=write-invalidation&c=0');
  await waitForCycle(page, 0);
  const parsed = parseScenario(
    JSON.parse(readFileSync('scenarios/coherence/write-invalidation.json', 'utf8')),
  );
  if (!parsed.ok) throw new Error('scenario does not parse');
  const session = new Session(parsed.value);
  session.exploreAll();
  session.seek(session.timeline.lastCycle);
  await expect(page.locator('[data-events-digest]')).toHaveAttribute(
    'data-events-digest',
    session.eventsDigest(),
  );
});

test('a scenario too large for a link offers the file instead and survives a reload', async ({
  page,
}) => {
  await page.goto('/');
  await waitForCycle(page, 0);
  const doc = JSON.parse(readFileSync('scenarios/coherence/write-invalidation.json', 'utf8'));
  doc.id = 'huge';
  doc.title = 'A very long program';
  // Distinct values compress badly, so this cannot fit in a URL.
  doc.workload.programs[2] = Array.from({ length: 3000 }, (_, i) => ({
    op: 'store',
    addr: (i % 64) * 8,
    value: (i * 7919) % 100003,
  }));
  doc.limits = { maxCycles: 400 };
  await page.getByTestId('file-input').setInputFiles({
    name: 'huge.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  await expect(page.getByTestId('scenario-title')).toHaveText('A very long program');
  await page.getByTestId('share').click();
  await expect(page.getByText('Too long for a link')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await waitForCycle(page, 1);
  expect(new URL(page.url()).hash).toBe('');
  await page.reload();
  await expect(page.getByTestId('scenario-title')).toHaveText('A very long program');
  await waitForCycle(page, 1);
});
