import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';

// Guards the claims in examples/PLANTED.md, which the think / demo tests rely on.
const VAULT = join(__dirname, '../../examples/vault');

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(relative(VAULT, p).split('\\').join('/'));
  }
  return out.sort();
}

const read = (p: string): string => readFileSync(join(VAULT, p), 'utf8');
const frontmatter = (p: string): Record<string, unknown> => {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(read(p));
  return m ? (parseYaml(m[1] ?? '') as Record<string, unknown>) : {};
};

describe('examples/vault', () => {
  const all = walk(VAULT);
  const notes = all.filter((p) => p.endsWith('.md') && !p.startsWith('.'));
  const titles = new Set(notes.map((p) => p.slice(p.lastIndexOf('/') + 1, -3)));

  it('has a realistic small set of typed notes plus excluded folders', () => {
    expect(notes.length).toBeGreaterThanOrEqual(35);
    expect(notes.length).toBeLessThanOrEqual(45);
    for (const p of notes) expect(typeof frontmatter(p).type, p).toBe('string');
    for (const folder of ['people', 'companies', 'meetings', 'concepts', 'projects', 'daily']) {
      expect(notes.some((p) => p.startsWith(`${folder}/`)), folder).toBe(true);
    }
    expect(JSON.parse(read('.obsidian/app.json'))).toHaveProperty('useMarkdownLinks');
    expect(all.some((p) => p.startsWith('.trash/') && p.endsWith('.md'))).toBe(true);
    expect(existsSync(join(VAULT, 'code/rate-limiter.ts'))).toBe(true);
    expect(read('concepts/Rate Limiting.md')).toMatch(/^```ts$/m);
    expect(notes.filter((p) => /[\u4e00-\u9fff]/.test(p)).length).toBeGreaterThanOrEqual(4);
  });

  it('has the planted knowledge holes: linked often, never created', () => {
    for (const hole of ['Series B term sheet', 'Project Falcon']) {
      expect(titles.has(hole)).toBe(false);
      const linking = notes.filter((p) => read(p).includes(`[[${hole}]]`));
      expect(linking.length, hole).toBeGreaterThanOrEqual(5);
    }
  });

  it('has the planted conflicts', () => {
    expect(frontmatter('people/Dana Okafor.md').company).toBe('[[Acme Robotics]]');
    expect(read('people/Dana Okafor.md')).toMatch(/now works at Lumen Analytics|joined \[\[Lumen Analytics\]\]/);
    expect(frontmatter('companies/Acme Robotics.md').key_people).toContain('[[Dana Okafor]]');
    expect(frontmatter('companies/Acme Robotics.md').founded_year).toBe(2019);
    expect(frontmatter('companies/Acme.md').founded_year).toBe(2018);
    expect(frontmatter('companies/Acme Robotics.md').aliases).toContain('Acme');
    // Works at two places, the second stated only on the company's page.
    expect(frontmatter('people/Jonas Berg.md').company).toBe('[[Northwind Ventures]]');
    expect(read('companies/Helio Freight.md')).toContain('[[Jonas Berg]] works at Helio Freight');
    expect(read('people/Jonas Berg.md')).not.toContain('Helio');
  });

  it('has the stale and the thin note', () => {
    const lumen = read('companies/Lumen Analytics.md');
    const dates = [...lumen.matchAll(/\*\*(\d{4}-\d{2}-\d{2})\*\*/g)].map((m) => m[1] ?? '');
    expect(dates.sort().at(-1)).toBe('2021-03-02');
    const newer = read('meetings/2025-02-18 Lumen Analytics partnership call.md');
    expect(newer).toContain('[[Lumen Analytics]]');
    expect(newer).toContain('Series A');
    const thin = read('people/Sam Patel.md');
    expect(thin.length).toBeLessThan(100);
    expect(notes.filter((p) => p !== 'people/Sam Patel.md' && read(p).includes('[[Sam Patel]]')).length).toBeGreaterThanOrEqual(3);
  });

  it('states the answers to the PLANTED relational questions', () => {
    expect(read('people/Alice Chen.md')).toContain('founded [[Acme Robotics]]');
    expect(read('people/Marcus Webb.md')).toContain('co-founded [[Acme Robotics]]');
    expect(read('people/Priya Raman.md')).toContain('advises [[Acme Robotics]]');
    expect(read('people/李娜.md')).toContain('担任[[Acme Robotics]]的技术顾问');
    expect(read('companies/远山资本.md')).toContain('投资了[[星辰科技]]');
    expect(read('people/陈静.md')).toContain('领投了[[星辰科技]]');
    expect(read('companies/星辰科技.md')).toContain('**2024年3月5日**');
  });
});
