/**
 * Browser tests in real Chromium against the production build (vite preview). Uses Debian's
 * /usr/bin/chromium when present (CI installs it; Playwright cannot download browsers here), else
 * Playwright's own browser if the user has installed one.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) =>
  existsSync(p),
);
const executablePath = process.env.CHROMIUM_PATH ?? systemChromium;
// Another port and build folder let two test runs share a machine (E2E_PORT, E2E_DIST).
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.E2E_DIST ? ` --outDir ${process.env.E2E_DIST}` : '';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry, so a machine's hiccup does not sink a whole run; a test that passes only on its
  // retry is reported as flaky in the list, never hidden.
  retries: 1,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1600, height: 1000 },
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort${outDir}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
