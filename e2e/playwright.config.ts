import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real, built server (API + prerendered site) in Debian's Chromium. The server is the
 * one `npm start` runs, on its own port, with its own temp and data folders.
 */
const PORT = Number(process.env['E2E_PORT'] ?? 4310);
export const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Two browsers on the 2-core machine: each test waits on the server and the browser in turn, so two overlap well.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['./slowest-files-reporter.ts']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    acceptDownloads: true,
    trace: 'off',
  },
  webServer: {
    command: 'node ../apps/server/dist/server.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: the server closes LibreOffice and removes its profile folder.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PAPERKNIFE_DATA_DIR: `${process.env['TMPDIR'] ?? '/tmp'}/paperknife-e2e-data`,
      PAPERKNIFE_TEMP_DIR: `${process.env['TMPDIR'] ?? '/tmp'}/paperknife-e2e-temp`,
      // The browser tests run every tool many times from one address.
      PAPERKNIFE_RATE_LIMIT: '10000',
      PAPERKNIFE_CONTACT_RATE_LIMIT: '1000',
    },
  },
});
