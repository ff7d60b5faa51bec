/**
 * A lecturer's class (issue 20, "How it is checked"): for each topic, a lecture opened from the
 * start page and walked step by step in normal and presentation mode, at a laptop's 1440×900 and a
 * projector's 1280×720; its checkpoints answered, compare opened, a packet followed to its delivery
 * where the topic has packets. At every step: no page error, the panel the step is about in view
 * (inside the window, not under the pinned controls), no two labels of the main picture drawn over
 * each other, and at the end of each walk axe with no serious or critical violation.
 *
 * One page per topic, the four walks in it (a checkpoint asks once per load, so the first walk
 * answers them), a few steps each, to keep the suite to a minute or two. The topics are the
 * scenario folders, so a new model's lectures are walked as soon as they exist. Screenshots of
 * every topic in both modes at both sizes go to test-results/lecturers-class/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { currentCycle, waitForCycle } from './helpers';

const SHOTS = 'test-results/lecturers-class';
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;
/** Steps walked in the first walk (enough to reach a checkpoint in every chosen lecture)… */
const STEPS = 3;
/** …and in the other three, where the checkpoints have been answered. */
const LATER_STEPS = 2;

interface Lecture {
  topic: string;
  id: string;
  /** Whether the topic's picture carries packets that can be followed (a torus). */
  packets: boolean;
  /** The steps (0-based) that are checkpoints. */
  checkpoints: number[];
}

/** Lectures chosen by hand where the first with a checkpoint has no torus to follow a packet on. */
const CHOSEN: Readonly<Record<string, string>> = { cranium: 'cranium-short-message' };

/**
 * One lecture per topic: the one with a checkpoint among its first steps (so the walk answers
 * one), else the topic's first. A topic drawn on a torus follows a packet.
 */
function lectures(): Lecture[] {
  return readdirSync('scenarios')
    .filter((dir) => statSync(`scenarios/${dir}`).isDirectory() && dir !== 'assignments')
    .sort()
    .flatMap((topic) => {
      const docs = readdirSync(`scenarios/${topic}`)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map(
          (f) =>
            JSON.parse(readFileSync(`scenarios/${topic}/${f}`, 'utf8')) as {
              id: string;
              system: { kind?: string; topology?: unknown };
              walkthrough?: { predict?: unknown }[];
            },
        )
        .filter((d) => (d.walkthrough?.length ?? 0) > 0);
      const asks = (d: (typeof docs)[number]) =>
        d.walkthrough!.slice(0, STEPS).some((n) => n.predict !== undefined);
      const chosen = docs.find((d) => d.id === CHOSEN[topic]) ?? docs.find(asks) ?? docs[0];
      if (!chosen) return [];
      const packets = topic === 'torus' || topic === 'cranium';
      const checkpoints = chosen.walkthrough!.flatMap((n, i) => (n.predict ? [i] : []));
      return [{ topic, id: chosen.id, packets, checkpoints }];
    });
}

/** Page errors and console errors, gathered for the whole visit. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Where a panel fails to show: outside the window, or under something else (the pinned
 * controls, a question) at its heading or at the centre of its picture. Empty when in view.
 */
async function notInView(panel: Locator): Promise<string[]> {
  return panel.evaluate((el) => {
    const problems: string[] = [];
    const name = el.getAttribute('data-testid');
    const box = el.getBoundingClientRect();
    const heading = el.querySelector('h2, h3') ?? el;
    // The picture: what the view marks as its main picture, else its drawing (an svg or canvas
    // most of the panel wide), else the panel.
    const area = (d: Element) => d.getBoundingClientRect().width * d.getBoundingClientRect().height;
    const drawings = [...el.querySelectorAll('svg, canvas')]
      .filter((d) => d.getBoundingClientRect().width > 0.6 * box.width)
      .sort((a, b) => area(b) - area(a));
    const picture = el.querySelector('[data-main-picture]') ?? drawings[0] ?? el;
    const pic = picture.getBoundingClientRect();
    // Below the pinned controls; a picture taller than that band shows from its top and fills it.
    const pinned = document.querySelector('.sticky-controls')?.getBoundingClientRect().bottom ?? 0;
    const band = Math.max(0, pinned);
    // Whole when the panel's top and the picture fit below the controls; else the panel from its
    // top (heading just under the controls) and the picture filling the rest of the window.
    const fits = pic.bottom - Math.min(box.top, pic.top) <= innerHeight - band + 1;
    const inside = fits
      ? pic.top >= band - 1 && pic.bottom <= innerHeight + 1
      : Math.abs(box.top - band) <= 16 &&
        pic.top < (band + innerHeight) / 2 &&
        pic.bottom >= innerHeight;
    if (!inside || pic.left < -1 || pic.right > innerWidth + 1)
      problems.push(
        `${name} (top ${Math.round(box.top)}): its picture (${Math.round(pic.left)},${Math.round(pic.top)})–(${Math.round(pic.right)},${Math.round(pic.bottom)}) is not ${fits ? 'inside' : "from its panel's top in"} the ${innerWidth}×${innerHeight} window below the controls (${Math.round(band)})`,
      );
    const probe = (what: string, r: DOMRect) => {
      const x = Math.min(innerWidth - 1, Math.max(0, r.left + r.width / 2));
      const y = Math.min(innerHeight - 1, Math.max(0, r.top + Math.min(r.height / 2, 12)));
      const top = document.elementFromPoint(x, y);
      if (!top || !el.contains(top))
        problems.push(
          `${name}: its ${what} at (${Math.round(x)},${Math.round(y)}) is covered by ${top ? `${top.tagName.toLowerCase()}.${[...top.classList].join('.')}` : 'nothing'}`,
        );
    };
    probe('heading', heading.getBoundingClientRect());
    const centre = new DOMRect(pic.left, pic.top + pic.height / 2 - 12, pic.width, 24);
    probe('picture', centre);
    if (box.height === 0) problems.push(`${name}: not drawn`);
    return problems;
  });
}

/** Pairs of labels whose rendered boxes overlap by more than a pixel both ways. */
function overlapsIn(root: Element): string[] {
  const boxes = [...root.querySelectorAll('text')]
    .filter((t) => (t.textContent ?? '').trim() !== '')
    .filter((t) => {
      const style = getComputedStyle(t);
      return style.display !== 'none' && style.visibility !== 'hidden' && style.opacity !== '0';
    })
    .map((t) => ({ text: t.textContent!.trim(), r: t.getBoundingClientRect() }))
    .filter((b) => b.r.width > 0 && b.r.height > 0);
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      // A halo drawn as a second copy under its text is one label, not two.
      const same =
        a.text === b.text && Math.abs(a.r.x - b.r.x) < 0.5 && Math.abs(a.r.y - b.r.y) < 0.5;
      if (w > 1 && h > 1 && !same) found.push(`"${a.text}" × "${b.text}"`);
    }
  return found;
}

/** The labels drawn on the main picture that overlap: its SVG text, and in normal mode the
 * canvas's own (node names, packet ids) read from its vector export. */
async function overlappingLabels(
  page: Page,
  panel: Locator,
  exportable: boolean,
): Promise<string[]> {
  const found = await panel.evaluate(overlapsIn);
  const canvas = panel.locator('canvas');
  if (exportable && (await canvas.count()) > 0) {
    const menu = panel.locator('.px-button').first();
    await menu.click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByTestId('export-svg').click(),
    ]);
    const path = await download.path();
    const svg = readFileSync(path, 'utf8');
    // The canvas's labels are in it as text (the rings' x0 and y0; node names, occupancy and
    // packet ids where the picture is large enough to carry them): measured below.
    expect(/<text[^>]*>x0<\/text>/.test(svg), 'the export holds the canvas labels').toBe(true);
    if ((await menu.getAttribute('aria-expanded')) === 'true') await menu.click();
    // The export drawn in the page as it is, its text boxes measured as the live picture's are.
    await page.evaluate((markup) => {
      const host = document.createElement('div');
      host.id = 'lecturers-class-export';
      host.style.cssText = 'position:fixed;left:0;top:0;pointer-events:none';
      host.innerHTML = markup;
      document.body.append(host);
    }, svg);
    const host = page.locator('#lecturers-class-export');
    found.push(...(await host.evaluate(overlapsIn)).map((o) => `exported: ${o}`));
    await host.evaluate((el) => el.remove());
  }
  return found;
}

/** Why the checkpoint's verdict is not seen whole (out of the window, under the controls), or ''. */
function verdictHidden(page: Page): Promise<string> {
  return page.getByTestId('predict-verdict').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const pinned = document.querySelector('.sticky-controls')?.getBoundingClientRect().bottom ?? 0;
    if (r.top < pinned - 1 || r.bottom > innerHeight + 1)
      return `the verdict (${Math.round(r.top)}–${Math.round(r.bottom)}) is not between the controls (${Math.round(pinned)}) and the window's bottom (${innerHeight})`;
    const top = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + r.height / 2);
    return top && el.contains(top)
      ? ''
      : `the verdict is covered by ${top?.className ?? 'nothing'}`;
  });
}

async function axeSerious(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

/** The main picture: the first panel of the centre column. */
const mainPanel = (page: Page) => page.locator('.area-centre > .panel').first();

/** A question's panels while it is open, else the main picture. */
async function namedPanel(page: Page): Promise<Locator> {
  const about = page.locator('.panel.about');
  return (await about.count()) > 0 ? about.first() : mainPanel(page);
}

async function counterText(page: Page): Promise<string> {
  return (await page.getByTestId('lecture-counter').textContent()) ?? '';
}

for (const { topic, id, packets, checkpoints } of lectures()) {
  test(`a lecturer's class: ${topic} (${id})`, async ({ page }) => {
    test.setTimeout(240_000);
    const errors = watchErrors(page);
    const problems: string[] = [];
    const checkHere = async (where: string, exportable = false) => {
      const panel = await namedPanel(page);
      problems.push(...(await notInView(panel)).map((p) => `${where}: ${p}`));
      const labels = await overlappingLabels(page, mainPanel(page), exportable);
      problems.push(...labels.map((l) => `${where}: labels overlap: ${l}`));
    };
    const shot = (name: string) =>
      page.screenshot({ path: `${SHOTS}/${topic}-${name}.png`, animations: 'disabled' });

    // From the start page: the lecture opens at its top.
    await page.setViewportSize(SIZES[0]);
    await page.goto('/#start');
    await page.getByTestId(`start-open-${id}`).click();
    await waitForCycle(page, 0);
    await expect(page.getByTestId('scenario-title')).toBeInViewport();
    expect(await page.evaluate(() => scrollY)).toBe(0);

    const asked = new Set<number>();
    for (const present of [false, true]) {
      if (present) {
        await page.keyboard.press('f');
        await expect(page.getByTestId('present-bar')).toBeVisible();
      }
      const mode = present ? 'present' : 'normal';
      for (const size of present ? [...SIZES].reverse() : SIZES) {
        await page.setViewportSize(size);
        const where = `${mode} ${size.width}×${size.height}`;
        await page.keyboard.press('Home');
        await waitForCycle(page, 0);
        const steps = present || size !== SIZES[0] ? LATER_STEPS : STEPS;
        for (let step = 1; step <= steps; step++) {
          const before = await counterText(page);
          if ((await page.getByTestId('lecture-next').getAttribute('aria-disabled')) === 'true')
            break;
          // Pressed once: a bench lecture measures its NIs for seconds as it loads, and a step
          // pressed meanwhile is taken once it is in.
          await page.getByTestId('lecture-next').click();
          await expect.poll(() => counterText(page), { timeout: 60_000 }).not.toBe(before);
          const at = Number(/Step (\d+)/.exec(await counterText(page))?.[1] ?? 0) - 1;
          if (checkpoints.includes(at) && !asked.has(at)) {
            await expect(page.getByTestId('predict-prompt')).toBeVisible();
            // A checkpoint: the question and the panels it is about in view, answered.
            await expect(page.getByTestId('predict-card')).toBeInViewport();
            await checkHere(`${where} step ${step} question`);
            await page
              .getByTestId('predict-options')
              .locator('input[type="radio"]')
              .first()
              .check();
            await page.getByTestId('predict-check').click();
            await expect(page.getByTestId('predict-verdict')).toBeVisible();
            // The verdict whole in the window, below the pinned controls, once the views have
            // gone to the outcome's cycle and redrawn there (and still after a pause).
            const outcome = page.getByTestId('predict-outcome');
            await expect(outcome).toContainText(/The views now show cycle \d+/);
            const shown = Number(/show cycle (\d+)/.exec((await outcome.textContent()) ?? '')![1]);
            await waitForCycle(page, shown);
            await expect.poll(() => verdictHidden(page)).toBe('');
            await page.waitForTimeout(400);
            expect(await verdictHidden(page), `${where} step ${step}`).toBe('');
            await checkHere(`${where} step ${step} answer`);
            asked.add(at);
            await shot(`${mode}-${size.width}x${size.height}-checkpoint`);
            await page.getByTestId('predict-continue').click();
          }
          await checkHere(`${where} step ${step}`, !present && step === steps);
        }
        await shot(`${mode}-${size.width}x${size.height}`);
        problems.push(...(await axeSerious(page, where)));
      }
    }
    // Every checkpoint among the steps walked asked its question and was answered.
    expect([...asked].sort()).toEqual(checkpoints.filter((i) => i < STEPS));
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('present-bar')).toHaveCount(0);

    // Compare: the same lecture beside a variation, side by side.
    await page.setViewportSize(SIZES[0]);
    await page.getByTestId('compare').click();
    await page.getByTestId('compare-open').click();
    // B's run loads first (a bench's race measures its NIs: seconds).
    await expect(page.getByTestId('compare-mode')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('compare-problem')).toHaveCount(0);
    await page.getByTestId('step-forward').click();
    await shot('compare-1440x900');
    problems.push(...(await axeSerious(page, 'compare')));
    await page.getByTestId('compare-close').click();
    await expect(page.getByTestId('compare-mode')).toHaveCount(0);

    // A packet followed to its delivery, its labels clear of the routers' at every stop.
    if (packets) {
      const torus = page.getByTestId('panel-torus');
      await torus.scrollIntoViewIfNeeded();
      const follow = torus.locator('select.tv-follow');
      await page.keyboard.press('Home');
      await waitForCycle(page, 0);
      for (let c = 1; c < 40 && (await follow.locator('option').count()) < 2; c++) {
        await page.getByTestId('step-forward').click();
        await waitForCycle(page, c);
      }
      await follow.selectOption({ index: 1 });
      const info = torus.getByTestId('packet-info');
      await expect(info).toBeVisible();
      const from = await currentCycle(page);
      for (let hop = 1; hop < 80 && !/Delivered/.test((await info.textContent()) ?? ''); hop++) {
        await page.getByTestId('step-forward').click();
        await waitForCycle(page, from + hop);
        if (hop % 4 === 0)
          problems.push(
            ...(await overlappingLabels(page, torus, false)).map((l) => `following: ${l}`),
          );
      }
      await expect(info).toContainText('Delivered');
      problems.push(...(await overlappingLabels(page, torus, true)).map((l) => `delivered: ${l}`));
      await shot('delivered-1440x900');
    }

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
}
