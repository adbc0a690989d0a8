// Screenshots the browser e2e tests take: always into test-artifacts/, and with UPDATE_DOC_IMAGES=1 also over
// the README's images in docs/img/ (not on every run, so a test run leaves the checkout clean).
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './harness-server';

export const ARTIFACTS = join(ROOT, 'test-artifacts');
const DOC_IMAGES = join(ROOT, 'docs/img');

export async function shootDocImage(page: Page, selector: string, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, name);
  await page.locator(selector).screenshot({ path: file });
  if (process.env.UPDATE_DOC_IMAGES !== '1') return;
  mkdirSync(DOC_IMAGES, { recursive: true });
  copyFileSync(file, join(DOC_IMAGES, name));
}
