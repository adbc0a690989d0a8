// Screenshots the browser e2e tests take: always into test-artifacts/, and with UPDATE_DOC_IMAGES=1 also over
// the README's images in docs/img/ (not on every run, so a test run leaves the checkout clean).
import { execFileSync } from 'node:child_process';
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
  assertCjkFont();
  mkdirSync(DOC_IMAGES, { recursive: true });
  copyFileSync(file, join(DOC_IMAGES, name));
}

/**
 * The README's images show Chinese notes; without a CJK font Chromium draws them as empty boxes. Refuse to replace
 * the images then, saying what to install (Debian: fonts-wqy-microhei, 1.6 MB, or fonts-noto-cjk).
 */
function assertCjkFont(): void {
  let fonts = '';
  try {
    fonts = execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  } catch {
    // No fontconfig: nothing to tell from; Chromium would have no CJK font either.
  }
  if (fonts.trim() === '') throw new Error('UPDATE_DOC_IMAGES: no CJK font installed (apt-get install fonts-wqy-microhei); Chinese text would show as boxes');
}
