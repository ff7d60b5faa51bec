/**
 * The message bench's row of `npm run bench:browser` (issue 18): the default bench — every NI,
 * five sizes, two provenances, 120 points — run by the page's worker (and its sweep helper), timed
 * from the sweep's start to its last point, with the slowest model's share of the simulation time
 * as the panel states it. Target: under 10 s on a two-core machine.
 */
import type { Browser } from '@playwright/test';
import type { BenchRow } from './bench-row';

/** The default bench: bench-small-messages runs every NI at the default sizes and provenances. */
const LINK = '#v1?b=bench-small-messages&set=system.clock%3Dpublished';
export const MESSAGE_BENCH_ID = 'messageBench.default';
const TARGET_MS = 10_000;

export async function measureMessageBench(browser: Browser, base: string): Promise<BenchRow[]> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.getByTestId('cycle-input').waitFor();
  await page.goto(base + LINK);
  const status = page.getByTestId('sweep-status');
  await status.waitFor({ timeout: 600_000 });
  // Timed inside the page: the first sight of "Running…" to "120 of 120 points Done.".
  const ms = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let start = -1;
        const look = () => {
          const text = document.querySelector('[data-testid="sweep-status"]')?.textContent ?? '';
          if (start < 0 && text.includes('Running')) start = performance.now();
          if (start >= 0 && text.includes('Done.')) resolve(performance.now() - start);
          else setTimeout(look, 5);
        };
        look();
      }),
  );
  // An older build (--dist) may not state the shares: its row says so.
  const timed = page.getByTestId('bench-timing');
  const timing = (await timed.count()) ? ((await timed.textContent()) ?? '') : '';
  const share = /slowest model, (\w[\w-]*), took (\d+)%/.exec(timing);
  const points = /^(\d+) points/.exec(timing)?.[1] ?? '?';
  await context.close();
  const what = `the default bench (${points} points: every NI, 8 B to 4 KB, produce and prepared clean) in the worker`;
  return [
    {
      id: `${MESSAGE_BENCH_ID}.ms`,
      what: `${what}: from the sweep's start to its last point`,
      value: Math.round(ms),
      unit: 'ms',
      target: `< ${TARGET_MS.toLocaleString('en')}`,
      meets: ms < TARGET_MS,
    },
    {
      id: `${MESSAGE_BENCH_ID}.slowestShare`,
      what: `${what}: the slowest model's share of the simulation time (${share?.[1] ?? '?'})`,
      value: share ? Number(share[2]) : -1,
      unit: '%',
      target: 'as small as possible',
      meets: true,
    },
  ];
}
