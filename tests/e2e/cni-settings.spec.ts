/**
 * The coherent-NI lecture switches in the browser: the Settings disclosure next to the NI and Bus
 * menus shows the switches of the current NI, a change reloads the run and rides in the share
 * link, and the lectures' counterfactuals show (E4's transactions per message, E2's lost message).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForCycle } from './helpers';

/** A value of the Messages statistics table, by its row's label. */
const statistic = (page: Page, label: string) =>
  page.getByTestId('stats-cni').locator('tr', { hasText: label }).locator('td');

/**
 * Goes to the run's last cycle ("of N" next to the cycle field) and waits for it; a click made
 * while a run is still loading is lost, so it is repeated until the cycle field shows N.
 */
/** Closes the open Settings panel as a user does under the two-row header, where it lies over
 * the time controls: a press outside it. */
async function pressOutsideSettings(page: Page) {
  // The bottom-left corner of the window: far from the panel, which opens below the header.
  const { height } = page.viewportSize()!;
  await page.mouse.click(4, height - 4);
  await expect(page.getByTestId('cni-settings')).not.toHaveAttribute('open', '');
}

async function toEnd(page: Page) {
  await expect(async () => {
    await page.getByRole('button', { name: 'Go to the last cycle' }).click();
    const last = (await page.getByTestId('cycle-of').textContent())!.match(/\d+/)![0];
    expect(Number(last), 'the run has loaded').toBeGreaterThan(0);
    await expect(page.getByTestId('cycle-input')).toHaveValue(last, { timeout: 1000 });
  }).toPass();
}

test('E4: sense reverse off by keyboard costs more transactions per message, and the link keeps it', async ({
  page,
}) => {
  await page.goto('/#v1?b=cni-local-queue&views=queue,stats');
  await waitForCycle(page, 0);
  await toEnd(page);
  const perMessage = statistic(page, 'bus transactions per message');
  // The statistics table renders after the cycle counter: wait for its number.
  await expect.poll(async () => Number(await perMessage.textContent())).toBeGreaterThan(2);
  const before = Number(await perMessage.textContent());

  // The local queue has no NI: only the three queue optimisations apply.
  const toggle = page.getByTestId('cni-settings-toggle');
  await toggle.focus();
  await page.keyboard.press('Enter');
  const senseReverse = page.getByTestId('cni-setting-optimisations-senseReverse');
  await expect(senseReverse).toBeChecked();
  await expect(page.getByLabel('lazy head pointer')).toBeChecked();
  await expect(page.getByLabel('message valid bits')).toBeChecked();
  await expect(page.getByTestId('cni-setting-clearOnRead')).toHaveCount(0);
  await expect(page.getByTestId('cni-setting-softwareOverhead')).toHaveCount(0);

  await senseReverse.focus();
  await page.keyboard.press('Space');
  await expect(senseReverse).not.toBeChecked();
  // The link changes once the new run has loaded; only then is "the last cycle" the new run's.
  await expect
    .poll(() => decodeURIComponent(new URL(page.url()).hash))
    .toContain('senseReverse":false');
  await pressOutsideSettings(page);
  await toEnd(page);
  await expect.poll(async () => Number(await perMessage.textContent())).toBeGreaterThan(before);

  // Escape closes the panel and gives focus back to its summary.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('cni-setting-optimisations-validBits').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('cni-settings')).not.toHaveAttribute('open', '');
  await expect(toggle).toBeFocused();

  // The share link reopens the same run with the switch off.
  const link = page.url();
  await page.goto('about:blank');
  await page.goto(link);
  await page.getByTestId('cni-settings-toggle').click();
  await expect(page.getByTestId('cni-setting-optimisations-senseReverse')).not.toBeChecked();
  await expect(page.getByTestId('cni-setting-optimisations-validBits')).toBeChecked();

  await pressOutsideSettings(page);
});

test('E2: clear-on-read loses a message; CNI4 shows its own switches', async ({ page }) => {
  await page.goto('/#v1?b=cni-handshake');
  await waitForCycle(page, 0);
  await page.getByTestId('cni-settings-toggle').click();
  // CNI4 has CDRs, not queues: no queue optimisations, no CNI16Qm switches.
  await expect(page.getByTestId('cni-setting-optimisations-senseReverse')).toHaveCount(0);
  await expect(page.getByTestId('cni-setting-snarfing')).toHaveCount(0);
  await expect(page.getByTestId('cni-setting-virtualPolling')).toHaveValue('off');
  const clearOnRead = page.getByTestId('cni-setting-clearOnRead');
  await expect(clearOnRead).not.toBeChecked();
  await pressOutsideSettings(page);
  await toEnd(page);
  await expect(statistic(page, 'sent / delivered / lost')).toHaveText('0 / 2 / 0');

  // The box follows the loaded run, so it shows the change once the new run is in.
  await page.getByTestId('cni-settings-toggle').click();
  await clearOnRead.click();
  await expect(clearOnRead).toBeChecked();
  await pressOutsideSettings(page);
  await toEnd(page);
  await expect(statistic(page, 'sent / delivered / lost')).toHaveText('0 / 1 / 1');
  await expect(page.getByTestId('log-row').filter({ hasText: 'LOST' })).toHaveCount(1);
  expect(decodeURIComponent(new URL(page.url()).hash)).toContain('set=system.clearOnRead=true');
});

test('E6: the software overhead is a number field; a bad value is refused with a coded message', async ({
  page,
}) => {
  await page.goto('/#v1?b=cni-remote-pingpong&views=stats');
  await waitForCycle(page, 0);
  await page.getByTestId('cni-settings-toggle').click();
  const overhead = page.getByTestId('cni-setting-softwareOverhead');
  await expect(overhead).toHaveValue('200');
  await pressOutsideSettings(page);
  await toEnd(page);
  await page.getByTestId('cni-settings-toggle').click();
  const roundTrip = statistic(page, 'round trip');
  const measured = async () => Number(await roundTrip.textContent());
  await expect.poll(measured).toBeGreaterThan(0);
  const before = await measured();

  await overhead.fill('600');
  await overhead.press('Enter');
  // The link changes once the new run has loaded; only then is "the last cycle" the new run's.
  await expect
    .poll(() => decodeURIComponent(new URL(page.url()).hash))
    .toContain('system.softwareOverhead=600');
  await pressOutsideSettings(page);
  await toEnd(page);
  // 400 more software cycles per message, half at each end; a round trip holds three halves
  // (the ping's send, the pong's receive and send): 600 more cycles.
  await expect.poll(measured).toBe(before + 600);

  await page.getByTestId('cni-settings-toggle').click();
  await overhead.fill('-5');
  await overhead.press('Enter');
  const problem = page.getByTestId('problem');
  await expect(problem).toContainText('SCN');
  await expect(problem).toContainText('system.softwareOverhead');
});

test('no serious accessibility violations: E9 with Settings open, the device cache and bus tables', async ({
  page,
}) => {
  await page.goto('/#v1?b=cni-overflow-snarfing&c=1500&views=queue,buses,stats');
  await waitForCycle(page, 1500);
  await page.getByTestId('cni-settings-toggle').click();
  await expect(page.getByTestId('cni-setting-snarfing')).toBeVisible();
  await expect(page.getByTestId('cni-setting-writeBackBuffer')).toBeVisible();
  await page.getByTestId('bus-table-toggle').check();
  await expect(page.getByTestId('device-cache')).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});
