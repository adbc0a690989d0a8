// Gaps think finds in the store, over a real indexed brain: a link to a note nobody wrote is a hole, while a
// missing embedded image or PDF is a broken embed and stays out; a question word no visible note holds is said
// to be absent, in the gaps and at the head of the answer.
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
  'private/Ledger.md': '# Ledger\n\nBookkeeping for the shop, kept in Obsidian.\n',
  '账本.md': '# 账本\n\n每月的开销记在这里。\n',
};

let brain: Brain;
let engine: PGliteEngine;
const registry = createRegistry();

beforeAll(async () => {
  ({ brain, engine } = await indexedBrain(FILES, null, ['private']));
}, 60_000);
afterAll(async () => engine?.close());

describe('knowledge holes', () => {
  it('names the missing note the touched notes link, and not their missing images', async () => {
    const r = (await registry.callByName('think', { question: 'how do I sync my notes?' }, { brain, remote: false })) as ThinkOpResult;
    const holes = r.gaps.filter((g) => g.kind === 'hole').map((g) => g.target);
    expect(holes).toEqual(['Sync troubleshooting']);
  });

  it('says which question words no visible note holds, in the gaps and before the answer', async () => {
    const r = (await registry.callByName('think', { question: 'how do I sync my notes and do bookkeeping?' }, { brain, remote: false })) as ThinkOpResult;
    // Bookkeeping is only in an excluded note: absent for this caller. Sync and notes are there.
    const absent = r.gaps.filter((g) => g.kind === 'absent');
    expect(absent.map((g) => g.terms)).toEqual([['bookkeeping']]);
    expect(absent[0]!.detail).toBe('No note mentions “bookkeeping”.');
    expect(r.answer).toMatch(/No note mentions “bookkeeping”: what follows matches only the rest of the question/);
    expect(r.claims.length).toBeGreaterThan(0);
  });

  it('checks Chinese words as words, and says nothing when every word is there', async () => {
    const zh = (await registry.callByName('think', { question: '怎么记账，每月开销写在哪？' }, { brain, remote: false })) as ThinkOpResult;
    expect(zh.gaps.filter((g) => g.kind === 'absent').flatMap((g) => g.terms)).toEqual(['记账']);
    const all = (await registry.callByName('think', { question: 'how do I sync my notes?' }, { brain, remote: false })) as ThinkOpResult;
    expect(all.gaps.some((g) => g.kind === 'absent')).toBe(false);
    expect(all.answer).not.toMatch(/No note mentions/);
  });

  it('tells attachment targets from note names', () => {
    for (const t of ['lucide-cog.svg', 'Scans/Receipt.PDF', 'clip.mp4#t=10', 'img.png|200']) expect(isAttachmentTarget(t), t).toBe(true);
    for (const t of ['Sync troubleshooting', 'Version 1.2', 'notes/v2.0 plan', 'Board.canvas', '.png']) expect(isAttachmentTarget(t), t).toBe(false);
  });
});
