/**
 * Modal dialogs are native <dialog>s (shell/ModalDialog.tsx): the keyboard stays inside while one
 * is open, Escape closes it, and the focus goes back to the button that opened it.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { currentCycle, waitForCycle } from './helpers';

/** Presses Tab `times` times; after each press the focus must be inside `dialog`. */
async function tabAround(page: Page, dialog: Locator, times: number): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((d) => {
      const active = document.activeElement;
      return active && d.contains(active)
        ? (active.textContent ?? '').trim() || active.tagName
        : null;
    });
    expect(where, `Tab ${i + 1} left the dialog`).not.toBeNull();
    seen.add(where!);
  }
  return seen;
}

test('the help dialog keeps the keyboard for 15 Tabs, Escape closes it, focus returns', async ({
  page,
}) => {
  await page.goto('/#v1?b=write-invalidation&c=2');
  await waitForCycle(page, 2);
  const opener = page.getByRole('button', { name: 'Keyboard shortcuts and help' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

  await tabAround(page, dialog, 15);
  // Keys for the simulator do nothing behind the dialog.
  await page.keyboard.press('ArrowRight');
  expect(await currentCycle(page)).toBe(2);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // ? opens it from the keyboard too, and closes it again.
  await page.keyboard.press('?');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('?');
  await expect(dialog).toBeHidden();
});

test('the assignment dialog goes round its links and buttons, and opens the file chooser', async ({
  page,
}) => {
  await page.goto('/#v1?b=write-invalidation&c=0');
  await waitForCycle(page, 0);
  const opener = page.getByTestId('open-assignment');
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Open an assignment' });
  await expect(dialog).toBeVisible();
  // Once round and a few more: every link and button, and back to the start.
  const stops = await dialog.locator('a[href], button, input, [tabindex="0"]').count();
  const seen = await tabAround(page, dialog, stops + 3);
  // Going round, the focus met the dialog's last control too.
  expect(seen.has('Close')).toBe(true);

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByTestId('open-assignment-file').click();
  await chooser;

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});
