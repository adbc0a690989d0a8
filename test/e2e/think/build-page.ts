// The think page: the harness page build with this folder's entry.
import { join } from 'node:path';
import { buildPage, ROOT } from '../harness-server';

export function buildThinkPage(): Promise<string> {
  return buildPage(join(ROOT, 'test/e2e/think/page.ts'));
}
