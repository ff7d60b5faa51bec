/**
 * npm run gen:icons: renders public/favicon.svg to the PNG icons the web app manifest lists
 * (public/icon-192.png, public/icon-512.png; vite.config.ts), in headless Chromium, so the
 * installed app's icon is the favicon. Run it after changing the favicon.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startTool } from './cli';

startTool(
  {
    name: 'gen:icons',
    summary: "renders public/favicon.svg to the web app manifest's PNG icons (192 and 512 px).",
    usage: [''],
    options: [],
    exitCodes: [
      [0, 'the icons were written'],
      [1, 'Chromium could not be started'],
      [2, 'the command line is wrong (CLI001)'],
    ],
    docs: 'docs/hosting.md',
  },
  process.argv.slice(2),
);

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    const file = fileURLToPath(new URL(`../public/icon-${size}.png`, import.meta.url));
    await page.screenshot({ path: file, omitBackground: true });
    await page.close();
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
