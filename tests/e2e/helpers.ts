/** Page helpers for the browser tests: read what a student sees (cycle, cache line states). */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/**
 * The built-in scenarios' ids, topic by topic (their files; the browser tests cannot import the
 * JSON modules that scenarios/index.ts lists).
 */
export function builtinIds(topic?: string): string[] {
  const dirs = topic
    ? [topic]
    : ['coherence', 'cni', 'torus', 'cranium', 'edt', 'flash', 'fugu', 'bench'];
  return dirs.flatMap((dir) =>
    readdirSync(`scenarios/${dir}`)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => (JSON.parse(readFileSync(`scenarios/${dir}/${f}`, 'utf8')) as { id: string }).id),
  );
}

export async function currentCycle(page: Page): Promise<number> {
  return Number(await page.getByTestId('cycle-input').inputValue());
}

/**
 * Presses pause and returns the cycle play stopped on. A request sent just before the click may
 * still land after it, so this waits until the counter holds still.
 */
export async function pause(page: Page): Promise<number> {
  await page.getByTestId('play').click();
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  let last = NaN;
  await expect
    .poll(
      async () => {
        const cycle = await currentCycle(page);
        const held = cycle === last;
        last = cycle;
        return held;
      },
      { intervals: [300] },
    )
    .toBe(true);
  return last;
}

/** Waits until the run is explored to its end (no exploration bar): its length is then known. */
export async function waitForExplored(page: Page): Promise<void> {
  await expect(page.getByTestId('exploration')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('explore-wait')).toHaveCount(0, { timeout: 30_000 });
}

export async function waitForCycle(page: Page, cycle: number): Promise<void> {
  await expect(page.getByTestId('cycle-input')).toHaveValue(String(cycle));
}

/** Every cache line's state, keyed by its row test id (line-P{p}-{set}-{way}). */
export async function lineStates(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    document.querySelectorAll<HTMLElement>('[data-testid^="line-P"]').forEach((row) => {
      const state = row.querySelector<HTMLElement>('[data-state]')?.dataset.state ?? '?';
      out[row.dataset.testid!] = state;
    });
    return out;
  });
}

export async function stateOf(page: Page, testId: string): Promise<string | undefined> {
  return (await lineStates(page))[testId];
}
