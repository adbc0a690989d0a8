// Offline think on examples/vault: a relational question answered with citations that point at the right lines,
// and the holes, conflicts, stale and thin notes planted there (examples/PLANTED.md) reported with their notes.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../../src/core/brain';
import { createRegistry } from '../../../src/core/ops';
import type { ThinkOpResult } from '../../../src/core/ops/think-op';
import { openBrainOver, SAMPLE_VAULT } from './sample-brain';

let brain: Brain;
let close: () => Promise<void>;
const registry = createRegistry();

beforeAll(async () => {
  ({ brain, close } = await openBrainOver(SAMPLE_VAULT));
}, 120_000);
afterAll(async () => close());

const ask = async (params: Record<string, unknown>): Promise<ThinkOpResult> =>
  (await registry.callByName('think', params, { brain, remote: false })) as ThinkOpResult;

const squash = (s: string): string => s.replace(/\[\[(?:[^\]|]*\|)?([^\]]*)\]\]/g, '$1').replace(/[*…"]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The cited line (± a few lines, since a sentence can wrap) really contains the claim's text. */
function expectClaimAt(text: string, notePath: string, line: number): void {
  const lines = readFileSync(path.join(SAMPLE_VAULT, notePath), 'utf8').split('\n');
  const window = squash(lines.slice(Math.max(0, line - 3), line + 3).join(' '));
  const probe = squash(text).slice(0, 40);
  expect(window, `${notePath}:${line} should contain "${probe}"`).toContain(probe);
  expect(squash(lines[line - 1] ?? '').length, `${notePath}:${line} is blank`).toBeGreaterThan(0);
}

describe('offline think on the sample vault', () => {
  it('answers a relational question with verified citations, and says why no model was used', async () => {
    const r = await ask({ question: 'who founded Acme Robotics?' });
    expect(r.model).toBeNull();
    expect(r.fallbackReason).toMatch(/no model provider/);
    expect(r.answer).toMatch(/No model was used/);
    expect(r.sentToProvider).toEqual([]);
    expect(r.claims.length).toBeGreaterThan(0);
    // The first claim names the founders from the typed edges, cited to every sentence stating one.
    const [named, ...sentences] = r.claims;
    expect(named).toMatchObject({ from: 'typed-facts' });
    expect(named!.text).toMatch(/^Founders of Acme Robotics: .*Alice Chen.*Marcus Webb|^Founders of Acme Robotics: .*Marcus Webb.*Alice Chen/);
    for (const x of named!.citations) expect(readFileSync(path.join(SAMPLE_VAULT, x.path), 'utf8').split('\n')[x.line - 1]).toMatch(/found|创立/i);
    for (const c of sentences) {
      expect(c.citations.length).toBe(1);
      for (const x of c.citations) expectClaimAt(c.text, x.path, x.line);
    }
    const said = r.claims.map((c) => c.text).join(' ');
    expect(said).toMatch(/Alice Chen/);
    expect(said).toMatch(/Marcus Webb/);
    expect(said).toMatch(/found/i);
    const cited = new Set(r.citations.map((c) => c.path));
    expect([...cited].some((p) => ['people/Alice Chen.md', 'people/Marcus Webb.md', 'companies/Acme Robotics.md'].includes(p))).toBe(true);
    // Rendered for Obsidian: each claim links the note it came from.
    for (const c of r.citations) expect(r.answer).toContain(`[[${c.path.replace(/\.md$/, '')}|`);
  });

  it('reports the planted knowledge hole and the founded_year conflict for a question about Acme', async () => {
    const r = await ask({ question: 'who founded Acme Robotics?' });
    const holes = r.gaps.filter((g) => g.kind === 'hole');
    const termSheet = holes.find((g) => g.target === 'Series B term sheet');
    expect(termSheet, JSON.stringify(holes)).toBeDefined();
    expect(termSheet!.paths).toEqual(expect.arrayContaining(['companies/Acme Robotics.md', 'people/Alice Chen.md']));
    expect(termSheet!.paths.length).toBeGreaterThanOrEqual(5);
    const year = r.gaps.find((g) => g.kind === 'conflict' && g.detail.startsWith('founded_year'));
    expect(year, JSON.stringify(r.gaps)).toBeDefined();
    expect(year!.paths.sort()).toEqual(['companies/Acme Robotics.md', 'companies/Acme.md']);
    expect(year!.detail).toMatch(/2019/);
    expect(year!.detail).toMatch(/2018/);
    expect(r.markdown).toMatch(/What the vault does not know/);
  });

  it('finds the works_at conflict for Dana Okafor and ignores her timeline history', async () => {
    const r = await ask({ question: 'Where does Dana Okafor work now?' });
    const conflict = r.gaps.find((g) => g.kind === 'conflict' && g.detail.startsWith('Dana Okafor works at'));
    expect(conflict, JSON.stringify(r.gaps)).toBeDefined();
    expect(conflict!.detail).toMatch(/Acme Robotics/);
    expect(conflict!.detail).toMatch(/Lumen Analytics/);
    expect(conflict!.paths).toEqual(expect.arrayContaining(['people/Dana Okafor.md', 'companies/Acme Robotics.md', 'companies/Lumen Analytics.md']));
    // Line 26 is the timeline entry "Joined Acme Robotics": history, not a current claim.
    expect(conflict!.detail).not.toMatch(/line 26/);
    expect(r.claims.map((c) => c.text).join(' ')).toMatch(/Lumen Analytics/);
  });

  it('flags the stale note on Lumen Analytics, naming the newer notes', async () => {
    const r = await ask({ question: 'What is Lumen Analytics?', anchor: 'Lumen Analytics' });
    const stale = r.gaps.find((g) => g.kind === 'stale');
    expect(stale, JSON.stringify(r.gaps)).toBeDefined();
    expect(stale!.paths[0]).toBe('companies/Lumen Analytics.md');
    expect(stale!.detail).toMatch(/2021-03-02/);
    expect(stale!.paths).toContain('meetings/2025-02-18 Lumen Analytics partnership call.md');
    expect(r.excerpts[0]!.path).toBe('companies/Lumen Analytics.md');
    expect(r.excerpts[0]!.origin).toBe('anchor');
  });

  it('flags the thin note on Sam Patel', async () => {
    const r = await ask({ question: 'Who is Sam Patel?' });
    const thin = r.gaps.find((g) => g.kind === 'thin');
    expect(thin, JSON.stringify(r.gaps)).toBeDefined();
    expect(thin!.paths).toEqual(['people/Sam Patel.md']);
    expect(r.gaps.filter((g) => g.kind === 'thin' && g.paths[0] !== 'people/Sam Patel.md')).toEqual([]);
  });

  it('answers a Chinese relational question from the Chinese notes', async () => {
    const r = await ask({ question: '谁投资了星辰科技？' });
    const cited = r.citations.map((c) => c.path);
    expect(cited.some((p) => p === 'companies/远山资本.md' || p === 'people/陈静.md' || p === 'companies/星辰科技.md'), JSON.stringify(r.claims)).toBe(true);
    for (const c of r.claims.filter((x) => x.from !== 'typed-facts')) for (const x of c.citations) expectClaimAt(c.text, x.path, x.line);
  });

  it('names the investors of Acme Robotics from typed facts, with citations', async () => {
    const r = await ask({ question: 'Who invested in Acme Robotics?' });
    expect(r.model).toBeNull();
    const named = r.claims[0]!;
    expect(named.from).toBe('typed-facts');
    for (const investor of ['Northwind Ventures', 'Harbor Capital', 'Omar Haddad']) expect(named.text).toContain(investor);
    // Elena's page says "Harbor invested in [[Acme Robotics]]": Harbor's act, not Elena's.
    expect(named.text).not.toContain('Elena Petrova');
    expect(named.citations.length).toBeGreaterThanOrEqual(3);
    const cited = new Set(named.citations.map((c) => c.path));
    for (const p of ['companies/Acme Robotics.md', 'people/Omar Haddad.md']) expect(cited).toContain(p);
    expect(r.answer).toContain('[[companies/Northwind Ventures|Northwind Ventures]]');
  });

  it('reports the works-at-two-places conflict stated only on the company page', async () => {
    const r = await ask({ question: 'Where does Jonas Berg work?' });
    const conflict = r.gaps.find((g) => g.kind === 'conflict' && g.detail.startsWith('Jonas Berg works at 2 different places'));
    expect(conflict, JSON.stringify(r.gaps)).toBeDefined();
    expect(conflict!.detail).toMatch(/Northwind Ventures/);
    expect(conflict!.detail).toMatch(/Helio Freight \(companies\/Helio Freight\.md line \d+\)/);
    expect(r.claims[0]!.text).toMatch(/^Jonas Berg works at: .*Helio Freight/);
  });

  it('never gathers the excluded .trash note, which claims Alice works at Trashcan Industries', async () => {
    const r = await ask({ question: 'Does Alice Chen work at Trashcan Industries?' });
    expect(r.excerpts.every((e) => !e.path.startsWith('.'))).toBe(true);
    expect(JSON.stringify(r)).not.toMatch(/Trashcan Industries works|\.trash/);
  });

  it('rejects bad parameters with a clear error', async () => {
    await expect(ask({ question: '' })).rejects.toThrow(/question/);
    await expect(ask({ question: 'x', since: '2024-13-45' })).rejects.toThrow(/since/);
    await expect(ask({ question: 'x', anchor: 'No Such Note At All' })).rejects.toThrow(/no note named/);
    await expect(ask({ question: 'x', save: true })).rejects.toThrow(/saving is not available/);
  });
});
