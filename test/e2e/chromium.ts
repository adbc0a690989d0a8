// Debian's Chromium for the browser e2e tests (never a downloaded browser), launched the same way by each of them,
// and the page's errors collected for the tests to assert on.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Headless, with everything that would call out on its own (updates, sync, background networking) off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Uncaught errors and console errors of `page`, pushed to `into`. */
export function collectPageErrors(page: Page, into: string[]): void {
  page.on('pageerror', (e) => into.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') into.push(m.text());
  });
}
