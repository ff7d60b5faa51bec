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

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1600, height: 1000 },
    baseURL: 'http://127.0.0.1:4173',
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
    command: 'npx vite preview --host 127.0.0.1 --port 4173 --strictPort',
    url: 'http://127.0.0.1:4173',
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
