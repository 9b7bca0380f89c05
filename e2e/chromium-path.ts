import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const INSTALL_HINT = 'apt-get install -y chromium';

/** CHROMIUM_PATH, else the system Chromium, else Playwright's own; with none, say how to get one. */
export function resolveChromium(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) {
    if (existsSync(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw new Error(
      `CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist. Install Chromium with: ${INSTALL_HINT}`,
    );
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const bundled = chromium.executablePath();
  if (bundled && existsSync(bundled)) return bundled;
  throw new Error(`No Chromium found for the end-to-end tests. Install it with: ${INSTALL_HINT}`);
}
