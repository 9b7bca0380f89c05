import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './admin-token.ts';
import { resolveChromium } from './chromium-path.ts';

const port = Number(process.env.E2E_PORT ?? 4310);
// A fresh embedded database for every run: the demo seed is the tests' known world.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'visita-e2e-'));
// The mail server the API delivers booking e-mails to (mail-sink.ts), on the two ports after it
// (mail-helpers.ts reads it at the same place).
const mailSinkSmtpPort = port + 1;
const MAIL_SINK_HTTP_PORT = port + 2;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-CL',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: resolveChromium(),
      // The machine has no network but loopback: keep Chromium from reaching out.
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
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'npx tsx mail-sink.ts',
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        MAIL_SINK_SMTP_PORT: String(mailSinkSmtpPort),
        MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT),
      },
    },
    {
      // The compiled server, as `npm start` runs it (`npm run test:e2e` builds it first).
      command: 'node --enable-source-maps ../apps/api/dist/server.js',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        // The demo staff console (/demo-host/console.html) on this port is a staff host.
        LAAS_HOSTS: `console.localhost:${port}`,
        // Every test searches and validates coupons from this one address: limits stay on, generous.
        RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
        RATE_LIMIT_COUPONS_PER_MINUTE: '100000',
        RATE_LIMIT_FIND_BY_IDENTIFIER_PER_MINUTE: '100000',
        RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
        RATE_LIMIT_FUND_CHECKS_PER_MINUTE: '100000',
        RATE_LIMIT_PERSON_LOOKUPS_PER_APPOINTMENT: '100000',
        RATE_LIMIT_APPOINTMENTS_PER_MINUTE: '100000',
        RATE_LIMIT_HOLDS_PER_MINUTE: '100000',
        RATE_LIMIT_HOLDS_PER_APPOINTMENT: '100000',
        HOLDS_PER_ADDRESS: '1000',
        HOLDS_PER_BROWSER: '1000',
        // Every test books from this one address, many of them the same sector-day.
        ADDRESS_SHARE_OF_SECTOR_DAY: '0',
        UNPAID_CONFIRMATIONS_PER_BROWSER_PER_DAY: '1000',
        UNPAID_CONFIRMATIONS_PER_ADDRESS_PER_DAY: '1000',
        RATE_LIMIT_ERROR_REPORTS_PER_MINUTE: '100000',
        // The console's sign-ins and reset requests, every test's from this one address.
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        // Booking e-mails go to the run's own SMTP server, where the tests read them.
        MAIL: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${mailSinkSmtpPort}`,
        PUBLIC_URL: `http://localhost:${port}`,
        // The operator's API, for the walk that onboards a partner (partner-onboarding.spec.ts).
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        // That partner's webhook receiver runs on this machine (127.0.0.1), which webhooks may
        // reach only with this setting.
        WEBHOOK_ALLOW_PRIVATE: 'true',
      },
    },
  ],
});
