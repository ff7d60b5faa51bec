/**
 * A load that fails — the scenario's own problems, or the simulator itself (a document that
 * cannot cross to the worker) — shows its coded message in the problem banner and keeps the
 * scenario that was open (at boot, the default one), which still works.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { waitForCycle } from './helpers';

/**
 * Makes the next request to load a scenario fail as a document that cannot be cloned to the
 * worker does: the worker's postMessage throws (Comlink sends calls as { path: ['load'], … }).
 */
async function failNextLoad(page: Page, atBoot: boolean): Promise<void> {
  await page.addInitScript((armed: boolean) => {
    const w = window as unknown as { __failNextLoad?: boolean };
    w.__failNextLoad = armed;
    const Native = window.Worker;
    window.Worker = class extends Native {
      override postMessage(
        message: unknown,
        options?: StructuredSerializeOptions | Transferable[],
      ) {
        const path = (message as { path?: unknown[] } | null)?.path;
        if (w.__failNextLoad && Array.isArray(path) && path[0] === 'load') {
          w.__failNextLoad = false;
          throw new DOMException('The object could not be cloned.', 'DataCloneError');
        }
        return super.postMessage(message, options as StructuredSerializeOptions);
      }
    };
  }, atBoot);
}

test('a failed load keeps the open scenario and says why (SIM001)', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await failNextLoad(page, false);
  await page.goto('/#v1?b=read-sharing');
  await expect(page.getByTestId('scenario-title')).toHaveText('Read sharing');
  await page.evaluate(
    () => ((window as unknown as { __failNextLoad: boolean }).__failNextLoad = true),
  );
  await page.getByTestId('scenario-select').selectOption('ping-pong');
  await expect(page.getByTestId('problem')).toContainText('SIM001');
  await expect(page.getByTestId('problem')).toContainText('DataCloneError');
  await expect(page.getByTestId('scenario-title')).toHaveText('Read sharing');
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, 1);
  expect(errors).toEqual([]);
});

test('a share link whose load fails opens the default scenario and says why', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await failNextLoad(page, true);
  await page.goto('/#v1?b=ping-pong');
  await expect(page.getByTestId('problem')).toContainText('SIM001');
  await expect(page.getByTestId('problem')).toContainText('the default scenario is shown instead');
  await expect(page.getByTestId('scenario-title')).toHaveText('Write invalidation');
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, 1);
  expect(errors).toEqual([]);
});

test('a scenario file past the limits is refused before it is read into the worker', async ({
  page,
}) => {
  await page.goto('/#v1?b=read-sharing');
  await expect(page.getByTestId('scenario-title')).toHaveText('Read sharing');
  const deep = `{"version":1,"id":"x","title":"x","system":${'['.repeat(5000)}${']'.repeat(5000)}}`;
  await page.getByTestId('file-input').setInputFiles({
    name: 'deep.json',
    mimeType: 'application/json',
    buffer: Buffer.from(deep),
  });
  await expect(page.getByTestId('problem')).toContainText('SCN011');
  await expect(page.getByTestId('scenario-title')).toHaveText('Read sharing');
});

test('a share link that unpacks to too much is refused (LNK006)', async ({ page }) => {
  // 1,100,000 characters in 2.4 KB (tests/fixtures/links/generate.ts).
  const z = readFileSync(
    new URL('../fixtures/links/unpack-bomb.txt', import.meta.url),
    'utf8',
  ).trim();
  await page.goto(`/#v1?z=${z}`);
  await expect(page.getByTestId('problem')).toContainText('LNK006');
  await expect(page.getByTestId('scenario-title')).toHaveText('Write invalidation');
});
