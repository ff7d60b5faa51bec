/**
 * The EDT model in the browser (seed 002): walk through edt-eager-send to the NI's fetch and read
 * the TAG row it lights and the status column beside the host's line; open every EDT view with a
 * screenshot of each (test-results/edt-*.png); the three-NI timeline and the breakdown come from
 * runs in the worker; axe over every EDT view.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForCycle } from './helpers';

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('edt-eager-send: step to the NI’s fetch; the TAG row lights and the status column reads I', async ({
  page,
}, info) => {
  await page.goto('/#v1?b=edt-eager-send&c=0');
  await waitForCycle(page, 0);
  const counter = page.getByTestId('lecture-counter');
  // Steps 1–3: Send1 begins (a checkpoint: predictions are off), the INV, block 1.
  for (const cycle of [21, 22, 97, 123]) {
    await page.getByTestId('lecture-next').click();
    await waitForCycle(page, cycle);
  }
  await expect(counter).toContainText('Step 4 of 9');
  await expect(counter).toContainText('The NI fetches block 0');

  const ni = page.getByTestId('edtni-view');
  await expect(ni).toBeVisible();
  // The NI's own RD of send[0] matched TAG entry 0 this cycle.
  await expect(page.getByTestId('edt-tag-0')).toHaveAttribute('data-lit', 'true');
  await expect(page.getByTestId('edt-tag-1')).toHaveAttribute('data-lit', 'false');
  await expect(page.getByTestId('edt-tag-match')).toContainText('Now');
  await expect(page.getByTestId('edt-tag-match')).toContainText('0x10000 → NI 0x0');
  // The host gave the block up to S supplying it; the NI's copy is I until the read ends.
  const row = page.getByTestId('edt-block-send[0]');
  await expect(row).toHaveAttribute('data-host', 'S');
  await expect(row).toHaveAttribute('data-ni', 'I');
  await expect(page.getByTestId('edt-st-send[0]')).toContainText('being read');
  await ni.screenshot({ path: info.outputPath('edt-ni-fetch.png') });

  // The VIA diagram: Send1 and Send2 done, Send4 and Send5 never happen on the EDT NI.
  const via = page.getByTestId('via-view');
  await expect(page.getByTestId('via-arrow-Send1')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('via-arrow-Send3')).toHaveAttribute('data-state', 'todo');
  await expect(page.getByTestId('via-arrow-Send5')).toHaveAttribute('data-state', 'skipped');
  await via.screenshot({ path: info.outputPath('edt-via.png') });

  // Step on: the read ends, the NI's copy is S again.
  await page.getByTestId('lecture-next').click();
  await waitForCycle(page, 263);
  await expect(row).toHaveAttribute('data-ni', 'S');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the three-NI bus timeline: EDT 2 per block, retry 4, from runs in the worker', async ({
  page,
}, info) => {
  await page.goto('/#v1?b=edt-eager-send&c=5505&views=edtbus,dma');
  await waitForCycle(page, 5505);
  const view = page.getByTestId('edtbus-view');
  await expect(page.getByTestId('edt-timeline-CC-DMA_retry')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('edt-ribbon-EDT-send[0]')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('edt-ribbon-CC-DMA_intv-send[0]')).toHaveAttribute(
    'data-count',
    '2',
  );
  await expect(page.getByTestId('edt-ribbon-CC-DMA_retry-send[0]')).toHaveAttribute(
    'data-count',
    '4',
  );
  await expect(page.getByTestId('edt-timeline-EDT')).toContainText('5,504 cycles');
  await expect(page.getByTestId('dma-none')).toBeVisible();
  await view.screenshot({ path: info.outputPath('edt-bus-three.png') });
  expect(await seriousViolations(page)).toEqual([]);
});

test('the DMA card follows a CC-DMA send through Init, Exec and Intr', async ({ page }, info) => {
  await page.goto('/#v1?b=edt-gap&c=1520&views=dma,via');
  await waitForCycle(page, 1520);
  await expect(page.getByTestId('dma-state-0')).toHaveText('Exec');
  await expect(page.getByTestId('dma-card-0')).toContainText('descriptor of message 0');
  await page.getByTestId('dma-view').screenshot({ path: info.outputPath('edt-dma.png') });
  expect(await seriousViolations(page)).toEqual([]);
});

test('the breakdown bars, labelled as our simulation, and the latency anatomy', async ({
  page,
}, info) => {
  await page.goto('/#v1?b=edt-eager-send&c=5505&views=breakdown,phases');
  await waitForCycle(page, 5505);
  await expect(page.getByTestId('breakdown-caveat')).toContainText('not the paper');
  await expect(page.getByTestId('edt-fig9')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('breakdown-table-toggle').check();
  await expect(page.getByTestId('edt-breakdown-table')).toContainText('4096 B');
  await page
    .getByTestId('breakdown-view')
    .screenshot({ path: info.outputPath('edt-breakdown.png') });
  // The anatomy shades the stretches where the NI's fetch ran under the host's work.
  await expect(page.getByTestId('phases-overlap-band').first()).toBeAttached();
  await page.getByTestId('phases-view').screenshot({ path: info.outputPath('edt-phases.png') });
  expect(await seriousViolations(page)).toEqual([]);
});

test('the NI menu switches the NI, and the protocol view shows the EDT NI’s own table', async ({
  page,
}) => {
  await page.goto('/#v1?b=edt-receive-modes&c=2843&views=protocol,edtni');
  await waitForCycle(page, 2843);
  await expect(page.getByTestId('protocol-table')).toContainText('EDT NI (coherent receive)');
  await expect(page.getByTestId('protocol-table')).toContainText('fired NI@1');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('edt-ni-select').selectOption('CC-DMA_intv');
  await expect(page).toHaveURL(/system\.ni%3DCC-DMA_intv|system\.ni=CC-DMA_intv/);
  await expect(page.getByTestId('edt-tag-table')).toContainText('keeps no tags');
  // A DMA NI keeps no block table: the protocol view shows the hosts' MESI instead.
  await expect(page.getByTestId('protocol-table')).toContainText('MESI');
  await expect(page.getByTestId('protocol-table')).not.toContainText('EDT NI (');
});
