/**
 * Lecture mode: guided steps, hiding the notes, presentation mode, embed mode (fixed views;
 * checkpoints only with predict=1), the coherence bus without colour, the start page.
 */
import { expect, test } from '@playwright/test';
import { waitForCycle } from './helpers';

test('follow a lecture forward and back: the cycle, the counter and the note change', async ({
  page,
}) => {
  await page.goto('/#v1?b=write-invalidation&c=0');
  await waitForCycle(page, 0);
  const counter = page.getByTestId('lecture-counter');
  const note = page.getByTestId('note-body');
  await expect(counter).toContainText('Before step 1 of 6');

  await page.getByTestId('lecture-next').click();
  await waitForCycle(page, 2);
  await expect(counter).toContainText('Step 1 of 6');
  await expect(counter).toContainText('One transaction at a time');
  await expect(note).toContainText('the bus carries one transaction at a time');
  // The note is formatted text: **RD** is bold, not asterisks.
  await expect(note.locator('strong', { hasText: 'RD' })).toBeVisible();

  // The keyboard: n for the next step, p for the previous one.
  await page.keyboard.press('n');
  await waitForCycle(page, 44);
  await expect(counter).toContainText('Step 2 of 6');
  await page.keyboard.press('n');
  await waitForCycle(page, 186);
  await page.keyboard.press('n');
  await waitForCycle(page, 187);
  await expect(counter).toContainText('Step 4 of 6');
  await expect(counter).toContainText('One invalidation');
  await expect(note).toContainText('Every snooping cache drops its copy');
  expect(page.url()).toContain('c=187');

  await page.keyboard.press('p');
  await waitForCycle(page, 186);
  await expect(counter).toContainText('Step 3 of 6');
  await expect(note).toContainText('only read permission');
  await page.getByTestId('lecture-prev').click();
  await waitForCycle(page, 44);
  await expect(counter).toContainText('Step 2 of 6');

  // Moving by cycles keeps the counter on the step reached.
  await page.keyboard.press('ArrowRight');
  await waitForCycle(page, 45);
  await expect(counter).toContainText('Step 2 of 6');

  // At the last step, "next" stays there.
  await page.keyboard.press('End');
  await waitForCycle(page, 237);
  await expect(counter).toContainText('Step 6 of 6');
  await expect(page.getByTestId('lecture-next')).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('n');
  await expect(counter).toContainText('Step 6 of 6');
});

test('the notes can be hidden and shown, and a reload keeps the choice', async ({ page }) => {
  await page.goto('/#v1?b=write-invalidation&c=44');
  await waitForCycle(page, 44);
  const toggle = page.getByTestId('lecture-notes-toggle');
  await expect(page.getByTestId('panel-notes')).toBeVisible();
  await expect(toggle).toHaveText('Hide notes');

  await toggle.click();
  await expect(page.getByTestId('panel-notes')).toHaveCount(0);
  await expect(toggle).toHaveText('Show notes');
  await expect.poll(() => page.url()).not.toMatch(/views=[^&]*notes/);
  // Steps still move the simulator with the notes hidden.
  await page.keyboard.press('n');
  await waitForCycle(page, 186);

  await page.reload();
  await waitForCycle(page, 186);
  await expect(page.getByTestId('panel-notes')).toHaveCount(0);
  await page.keyboard.press('w');
  await expect(page.getByTestId('panel-notes')).toBeVisible();
  await expect(page.getByTestId('note-body')).toContainText('only read permission');
  await expect.poll(() => page.url()).toMatch(/views=[^&]*notes/);
});

test('presentation mode: large type, no chrome, zoom, clicker keys, Escape leaves', async ({
  page,
}) => {
  await page.goto('/#v1?b=deroute&c=0');
  await waitForCycle(page, 0);
  await page.getByTestId('present').click();

  await expect(page.getByTestId('present-bar')).toBeVisible();
  await expect(page.getByTestId('scenario-select')).toHaveCount(0);
  await expect(page.getByTestId('share')).toHaveCount(0);
  await expect(page.locator('.view-toggles')).toHaveCount(0);
  await expect(page.locator('.app')).toHaveClass(/presenting/);
  await expect.poll(() => page.url()).toContain('present=1');
  // Only the scenario's views, and the time controls and the lecture steps.
  await expect(page.getByTestId('torus-view')).toBeVisible();
  await expect(page.getByTestId('lecture-bar')).toBeVisible();
  await expect(page.getByTestId('zoom-level')).toHaveText('125%');
  expect(await page.locator('.app').evaluate((el) => getComputedStyle(el).zoom)).toBe('1.25');

  await page.getByTestId('zoom-in').click();
  await expect(page.getByTestId('zoom-level')).toHaveText('150%');
  expect(await page.locator('.app').evaluate((el) => getComputedStyle(el).zoom)).toBe('1.5');
  await page.getByTestId('zoom-out').click();
  await page.getByTestId('zoom-out').click();
  await expect(page.getByTestId('zoom-level')).toHaveText('110%');

  // A clicker's PageDown is the next step in presentation mode.
  await page.keyboard.press('PageDown');
  await waitForCycle(page, 31);
  await expect(page.getByTestId('lecture-counter')).toContainText('Step 1 of 6');

  // The mode is in the link: a reload stays in it, with the zoom kept.
  await page.reload();
  await waitForCycle(page, 31);
  await expect(page.getByTestId('present-bar')).toBeVisible();
  await expect(page.getByTestId('zoom-level')).toHaveText('110%');

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('present-bar')).toHaveCount(0);
  await expect(page.getByTestId('scenario-select')).toBeVisible();
  await expect(page.locator('.app')).not.toHaveClass(/presenting/);
  await expect.poll(() => page.url()).not.toContain('present=1');

  // f turns it on again, and the Leave button turns it off.
  await page.keyboard.press('f');
  await expect(page.getByTestId('present-bar')).toBeVisible();
  await page.getByTestId('present-leave').click();
  await expect(page.getByTestId('present-bar')).toHaveCount(0);
});

test('embed mode shows one scenario with its views and the time controls only', async ({
  page,
}) => {
  await page.goto('/#v1?b=cranium-out-of-order&views=torus,cranium&embed=1');
  await waitForCycle(page, 0);
  await expect(page.getByTestId('embed-bar')).toContainText('Out-of-order arrival');
  await expect(page.getByTestId('scenario-select')).toHaveCount(0);
  await expect(page.getByTestId('share')).toHaveCount(0);
  await expect(page.getByTestId('file-input')).toHaveCount(0);
  await expect(page.getByTestId('open-start')).toHaveCount(0);
  await expect(page.locator('.view-toggles')).toHaveCount(0);
  await expect(page.getByTestId('lecture-notes-toggle')).toHaveCount(0);
  await expect(page.getByTestId('panel-torus')).toBeVisible();
  await expect(page.getByTestId('panel-cranium')).toBeVisible();
  await expect(page.getByTestId('panel-notes')).toHaveCount(0);
  await expect(page.getByRole('toolbar', { name: 'Time controls' })).toBeVisible();

  // The controls work, and the link keeps embed mode; f does not leave it.
  await page.getByTestId('lecture-next').click();
  await waitForCycle(page, 11);
  await page.keyboard.press('f');
  await expect(page.getByTestId('present-bar')).toHaveCount(0);
  // The views are fixed: w does not open the notes.
  await page.keyboard.press('w');
  await expect(page.getByTestId('panel-notes')).toHaveCount(0);
  await expect(page.getByTestId('panel-torus')).toBeVisible();
  await expect.poll(() => page.url()).toContain('embed=1');
  await expect(page.getByRole('link', { name: /Open in NI Lab/ })).toHaveAttribute(
    'href',
    /#v1\?b=cranium-out-of-order.*c=11/,
  );
});

test('an embedded frame asks at checkpoints only when its link says predict=1', async ({
  page,
}) => {
  // Read sharing's step 3 (cycle 44) is a checkpoint; a slide's frame just moves on through it.
  await page.goto('/#v1?b=read-sharing&c=40&views=caches,bus&embed=1');
  await waitForCycle(page, 40);
  await page.getByTestId('next-event').click();
  await waitForCycle(page, 44);
  await page.getByTestId('next-event').click();
  await expect(page.getByTestId('cycle-input')).not.toHaveValue('44');
  await expect(page.getByTestId('predict-card')).toHaveCount(0);
  await expect(page.locator('.predict-bar')).toHaveCount(0);

  // A fresh page: a hash change alone could race the old page's own link updates.
  await page.goto('about:blank');
  await page.goto('/#v1?b=read-sharing&c=40&views=caches,bus&embed=1&predict=1');
  await waitForCycle(page, 40);
  await page.getByTestId('next-event').click();
  await expect(page.getByTestId('predict-card')).toBeVisible();
  await waitForCycle(page, 44);
  await expect(page.getByTestId('predict-card')).toContainText('checkpoint of step 3');
  // The link keeps asking for it as the frame moves; export stays out of the frame.
  await expect.poll(() => page.url()).toContain('embed=1&predict=1');
  await expect(page.getByTestId('panel-bus').getByRole('button', { name: /Export/ })).toHaveCount(
    0,
  );
});

test('the coherence bus reads without colour: patterns on narrow bars, and as tables', async ({
  page,
}) => {
  await page.goto('/#v1?b=write-invalidation&c=200&views=bus');
  await waitForCycle(page, 200);
  const bus = page.getByTestId('bus-view');
  // The INV (8 cycles) is too narrow for its name: it carries the INV pattern, named in the legend.
  await expect(bus.locator('[data-testid="bus-timeline-pattern"][data-kind="INV"]')).toHaveCount(1);
  await expect(bus.getByRole('list', { name: 'Transaction kinds' })).toContainText(
    'INV invalidate',
  );

  await page.getByTestId('bus-view-table-toggle').check();
  const now = page.getByTestId('bus-now-table');
  await expect(now).toContainText('RD by P0 for 0x40');
  await expect(now).toContainText('data: P1 → P0 (cache to cache)');
  await expect(now).toContainText('P1 M→O supplies');
  const rows = page.getByTestId('bus-timeline-table').locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(3)).toContainText('187–195');
  await expect(rows.nth(3)).toContainText('INV invalidate');
  await expect(rows.nth(4)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('bus-timeline-bar')).toHaveCount(0);
  // A row's cycles go to the transaction's grant, as a bar does.
  await rows.nth(3).getByRole('button', { name: 'Go to cycle 187' }).click();
  await waitForCycle(page, 187);
  await page.getByTestId('bus-view-table-toggle').uncheck();
  await expect(page.getByTestId('bus-timeline-bar').first()).toBeVisible();
});

test('the start page lists the scenarios by topic, filters them and opens one', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('scenario-title')).toHaveText('Write invalidation');
  await page.getByTestId('open-start').click();
  await expect(page.getByTestId('start-page')).toBeVisible();
  await expect.poll(() => page.url()).toContain('#start');
  for (const topic of ['coherence', 'coherent-ni', 'torus', 'cranium', 'edt', 'flash', 'fugu'])
    await expect(page.getByTestId(`start-topic-${topic}`)).toBeVisible();
  await expect(page.getByTestId('start-count')).toHaveText('60 scenarios');
  await expect(page.getByTestId('start-card-ping-pong')).toContainText('You will learn to');

  // The search box has the focus; the filter reads titles, summaries and goals.
  await page.keyboard.type('out of order');
  await expect(page.getByTestId('start-card-cranium-out-of-order')).toBeVisible();
  await expect(page.getByTestId('start-card-ping-pong')).toHaveCount(0);
  await expect(page.getByTestId('start-topic-coherence')).toHaveCount(0);
  await expect(page.getByTestId('start-count')).toContainText('of 60 scenarios match');
  await page.getByTestId('start-search').fill('zzz nothing');
  await expect(page.getByText('No scenario matches')).toBeVisible();

  // Escape clears the search, then goes back to the scenario.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('start-search')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('start-page')).toHaveCount(0);
  await expect(page.getByTestId('scenario-title')).toHaveText('Write invalidation');
  await expect.poll(() => page.url()).toContain('#v1?b=write-invalidation');

  // From the URL, and by keyboard: Tab to a title and press Enter.
  await page.goto('/#start');
  await expect(page.getByTestId('start-page')).toBeVisible();
  await page.getByTestId('start-search').fill('deroute multi-queue');
  await page.getByTestId('start-open-deroute').focus();
  await expect(page.getByTestId('start-open-deroute')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scenario-title')).toHaveText(
    'F4 · Multi-queue full: a random deroute',
  );
  await waitForCycle(page, 0);
  await expect.poll(() => page.url()).toContain('#v1?b=deroute');

  // Back returns to the start page.
  await page.goBack();
  await expect(page.getByTestId('start-page')).toBeVisible();
});
