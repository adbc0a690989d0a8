// Think's knowledge holes over a real indexed brain: a link to a note nobody wrote is a hole; an embedded image or
// PDF that is missing is a broken embed, not something the vault does not know, and stays out of the gaps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../../src/core/brain';
import type { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { isAttachmentTarget } from '../../../src/core/links/attachment';
import { createRegistry } from '../../../src/core/ops';
import type { ThinkOpResult } from '../../../src/core/ops/think-op';
import { indexedBrain } from '../search/fixture';

const FILES: Record<string, string> = {
  'Sync setup.md': '# Sync setup\n\nTo sync your notes, open ![[lucide-cog.svg#icon]] settings and follow [[Sync troubleshooting]].\n',
  'Sync on phones.md': '# Sync on phones\n\nPhones sync notes too: tap ![[lucide-cog.svg#icon]], see ![[Phone screenshot.PNG]] and [[Sync troubleshooting]].\n',
};

let brain: Brain;
let engine: PGliteEngine;
const registry = createRegistry();

beforeAll(async () => {
  ({ brain, engine } = await indexedBrain(FILES, null));
}, 60_000);
afterAll(async () => engine?.close());

describe('knowledge holes', () => {
  it('names the missing note the touched notes link, and not their missing images', async () => {
    const r = (await registry.callByName('think', { question: 'how do I sync my notes?' }, { brain, remote: false })) as ThinkOpResult;
    const holes = r.gaps.filter((g) => g.kind === 'hole').map((g) => g.target);
    expect(holes).toEqual(['Sync troubleshooting']);
  });

  it('tells attachment targets from note names', () => {
    for (const t of ['lucide-cog.svg', 'Scans/Receipt.PDF', 'clip.mp4#t=10', 'img.png|200']) expect(isAttachmentTarget(t), t).toBe(true);
    for (const t of ['Sync troubleshooting', 'Version 1.2', 'notes/v2.0 plan', 'Board.canvas', '.png']) expect(isAttachmentTarget(t), t).toBe(false);
  });
});
