import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { buildVault, generateVault, GROUND_TRUTH_FILE, type GroundTruth } from '../../bench/generate-vault.mjs';
import { makeRelationalEval } from '../../bench/make-relational-eval.mjs';

const sha = (s: string | Buffer): string => createHash('sha256').update(s).digest('hex');

function walk(dir: string, root = dir): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p, root));
    else out.push(relative(root, p).split('\\').join('/'));
  }
  return out.sort();
}

function hashTree(dir: string): Map<string, string> {
  return new Map(walk(dir).map((p) => [p, sha(readFileSync(join(dir, p)))]));
}

/** Links as written, ignoring code: wikilinks / embeds by title (or unique company alias), Markdown links by path. */
function parseLinks(text: string, files: Map<string, string>, byTitle: Map<string, string>, aliases: Map<string, string>): Set<string> {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const found = new Set<string>();
  for (const m of prose.matchAll(/!?\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|[^\]]*)?\]\]/g)) {
    const target = m[1] ?? '';
    const path = byTitle.get(target) ?? aliases.get(target);
    if (path) found.add(path);
  }
  for (const m of prose.matchAll(/\]\((<[^>]+>|[^)\s]+)\)/g)) {
    let target = (m[1] ?? '').replace(/^<|>$/g, '').replace(/%20/g, ' ').replace(/^\.\.\//, '');
    if (!target.endsWith('.md')) target += '.md';
    if (files.has(target)) found.add(target);
  }
  return found;
}

const splitFrontmatter = (text: string): { fm: Record<string, unknown>; body: string } => {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!m) return { fm: {}, body: text };
  return { fm: parseYaml(m[1] ?? '') as Record<string, unknown>, body: text.slice(m[0].length) };
};

describe('generate-vault', () => {
  const N = 300;
  let files: Map<string, string>;
  let truth: GroundTruth;
  let byTitle: Map<string, string>;

  beforeAll(() => {
    ({ files, truth } = buildVault({ notes: N, seed: 42 }));
    byTitle = new Map();
    for (const p of files.keys()) if (p.endsWith('.md')) byTitle.set(p.slice(p.lastIndexOf('/') + 1, -3), p);
  });

  describe('determinism', () => {
    let dirs: string[] = [];
    afterAll(() => {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      dirs = [];
    });
    const tmp = (): string => {
      const d = mkdtempSync(join(tmpdir(), 'vb-gen-'));
      dirs.push(d);
      return join(d, 'vault');
    };

    it('writes byte-identical files for the same seed', () => {
      const a = tmp();
      const b = tmp();
      generateVault({ out: a, notes: N, seed: 42 });
      generateVault({ out: b, notes: N, seed: 42 });
      const ha = hashTree(a);
      const hb = hashTree(b);
      expect(ha.size).toBe(N + truth.counts.code_files! + 1);
      expect([...ha.entries()]).toEqual([...hb.entries()]);
      // And the in-memory build is what got written.
      for (const [p, text] of files) expect(ha.get(p)).toBe(sha(text));
    });

    it('differs for a different seed', () => {
      const other = buildVault({ notes: N, seed: 43 }).files;
      const same = [...files].filter(([p, t]) => other.get(p) === t).length;
      expect(same).toBeLessThan(files.size * 0.1);
    });

    it('replaces a previous generated vault but refuses a directory with user files', () => {
      const out = tmp();
      generateVault({ out, notes: 120, seed: 1 });
      writeFileSync(join(out, 'stale.md'), 'left over');
      generateVault({ out, notes: 120, seed: 2 });
      expect(existsSync(join(out, 'stale.md'))).toBe(false);
      const user = tmp();
      mkdirSync(user, { recursive: true });
      writeFileSync(join(user, 'My precious note.md'), 'keep me');
      expect(() => generateVault({ out: user, notes: 120, seed: 1 })).toThrow(/refusing/);
      expect(readFileSync(join(user, 'My precious note.md'), 'utf8')).toBe('keep me');
    });

    it('writes the ground truth elsewhere with --truth', () => {
      const out = tmp();
      const truthFile = join(out, '..', 'truth.json');
      const r = generateVault({ out, notes: 120, seed: 5, truth: truthFile });
      expect(r.truthPath).toBe(truthFile);
      expect(existsSync(join(out, GROUND_TRUTH_FILE))).toBe(false);
      const t = JSON.parse(readFileSync(truthFile, 'utf8')) as GroundTruth;
      expect(t.seed).toBe(5);
    });
  });

  it('rejects bad parameters', () => {
    expect(() => buildVault({ notes: 10, seed: 1 })).toThrow(/notes/);
    expect(() => buildVault({ notes: 150.5, seed: 1 })).toThrow(/notes/);
    expect(() => buildVault({ notes: Number.NaN, seed: 1 })).toThrow(/notes/);
    expect(() => buildVault({ notes: 200, seed: 1.5 })).toThrow(/seed/);
    expect(() => generateVault({ out: '', notes: 200 })).toThrow(/out/);
  });

  it('has the requested number of notes in realistic proportions', () => {
    const md = [...files.keys()].filter((p) => p.endsWith('.md'));
    expect(md).toHaveLength(N);
    const share = (folder: string): number => md.filter((p) => p.startsWith(`${folder}/`)).length / N;
    // people and companies folders include the Chinese ones (5% of notes, 40% / 20% of them).
    expect(share('people')).toBeGreaterThan(0.15);
    expect(share('people')).toBeLessThan(0.2);
    expect(share('companies')).toBeGreaterThan(0.05);
    expect(share('companies')).toBeLessThan(0.09);
    expect(share('meetings')).toBeGreaterThan(0.14);
    expect(share('concepts')).toBeGreaterThan(0.19);
    expect(share('daily')).toBeCloseTo(0.25, 2);
    expect(share('projects')).toBeGreaterThan(0.04);
    const chinese = md.filter((p) => /[\u4e00-\u9fff]{2}/.test(files.get(p)!.split('\n').find((l) => l.startsWith('# ')) ?? '')).length;
    expect(chinese / N).toBeGreaterThan(0.04);
    expect(chinese / N).toBeLessThan(0.07);
    const withCode = md.filter((p) => /^```(ts|python|go)$/m.test(files.get(p)!)).length;
    expect(withCode / N).toBeGreaterThan(0.025);
    expect(withCode / N).toBeLessThan(0.04);
    const code = [...files.keys()].filter((p) => p.startsWith('code/'));
    expect(code.length).toBeGreaterThanOrEqual(2);
    expect(code.some((p) => p.endsWith('.ts')) && code.some((p) => p.endsWith('.py'))).toBe(true);
    const avg = md.reduce((n, p) => n + Buffer.byteLength(files.get(p)!), 0) / N;
    expect(avg).toBeGreaterThan(1400);
    expect(avg).toBeLessThan(3200);
  });

  it('writes valid YAML frontmatter with a type on every note', () => {
    for (const [p, text] of files) {
      if (!p.endsWith('.md')) continue;
      const { fm } = splitFrontmatter(text);
      expect(typeof fm.type, p).toBe('string');
    }
    const meeting = truth.entities.meetings[0]!;
    const { fm } = splitFrontmatter(files.get(meeting.path)!);
    expect(fm.type).toBe('meeting');
    expect(Array.isArray(fm.attendees)).toBe(true);
    expect((fm.attendees as string[]).every((a) => /^\[\[[^\]]+\]\]$/.test(a))).toBe(true);
  });

  it('states every planted fact in its source note, linking the object', () => {
    const kinds = ['works_at', 'founded', 'invested_in', 'advises', 'attended', 'former_works_at'] as const;
    for (const kind of kinds) {
      expect(truth[kind].length, kind).toBeGreaterThan(0);
      for (const [subject, object, source] of truth[kind]) {
        const text = files.get(source);
        expect(text, `${kind} source ${source}`).toBeDefined();
        const other = source === subject ? object : subject;
        const title = other.slice(other.lastIndexOf('/') + 1, -3);
        expect(text!.includes(`[[${title}]]`) || text!.includes(`[[${title}|`), `${kind}: ${source} -> ${title}`).toBe(true);
      }
    }
    // works_at is always stated in the person's own note.
    for (const [person, , source] of truth.works_at) expect(source).toBe(person);
    // attendance is in the meeting's frontmatter.
    for (const [person, meeting] of truth.attended) {
      const { fm } = splitFrontmatter(files.get(meeting)!);
      const title = person.slice(person.lastIndexOf('/') + 1, -3);
      expect(fm.attendees as string[]).toContain(`[[${title}]]`);
    }
  });

  it('records exactly the links that the Markdown contains', () => {
    const aliases = new Map<string, string>();
    for (const c of truth.entities.companies) for (const a of c.aliases) aliases.set(a, c.path);
    let checked = 0;
    for (const [p, text] of files) {
      if (!p.endsWith('.md')) continue;
      const parsed = parseLinks(text, files, byTitle, aliases);
      parsed.delete(p);
      expect([...parsed].sort(), p).toEqual(truth.links[p] ?? []);
      checked++;
    }
    expect(checked).toBe(N);
  });

  it('plants dangling links, cycles, heading links, embeds, aliases and inline fields', () => {
    expect(truth.dangling.length).toBeGreaterThan(0);
    for (const d of truth.dangling) {
      expect(byTitle.has(d.target), d.target).toBe(false);
      expect(files.get(d.from)).toContain(`[[${d.target}`);
    }
    expect(truth.cycles.length).toBeGreaterThan(0);
    for (const ring of truth.cycles) {
      ring.forEach((p, i) => expect(truth.links[p]).toContain(ring[(i + 1) % ring.length]));
    }
    const all = [...files.values()].join('\n');
    expect(all).toMatch(/\[\[[^\]|#]+#[A-Z][a-z-]+( [a-z]+)*\]\]/);
    expect(all).toMatch(/!\[\[[^\]]+#Overview\]\]/);
    expect(all).toMatch(/\[\[[^\]|]+\|[^\]]+\]\]/);
    expect(all).toMatch(/^works_at:: \[\[/m);
    expect(all).toMatch(/\]\(<people\/[^>]+\.md>\)/);
    expect(all).toMatch(/\]\(\.\.\/people\/[^)]+%20[^)]+\.md\)/);
    expect(all).toMatch(/^- \*\*\d{4}-\d{2}-\d{2}\*\* \| /m);
    expect(all).toMatch(/^aliases: \[/m);
    expect(all).toMatch(/^key_people: \["\[\[/m);
  });

  it('phrases relations in many ways, in English and Chinese', () => {
    const verbs = ['founded', 'started', 'founder of', 'co-founded', 'launched', 'created', '创立', '创始人'];
    const seen = new Set<string>();
    for (const [, , source] of truth.founded) {
      const text = files.get(source)!;
      for (const v of verbs) if (text.includes(v)) seen.add(v);
    }
    expect(seen.size).toBeGreaterThanOrEqual(5);
    const zhPeople = truth.entities.people.filter((p) => p.lang === 'zh').map((p) => files.get(p.path)!).join('\n');
    expect(zhPeople).toMatch(/创立|担任|就职于|投资/);
  });

  it('derives an unambiguous relational eval set', () => {
    const small = buildVault({ notes: 600, seed: 7 });
    const questions = makeRelationalEval(small.truth, { seed: 7 });
    expect(questions.length).toBeGreaterThanOrEqual(55);
    for (const q of questions) {
      expect(q.rel.length).toBeGreaterThan(0);
      expect(q.rel.length).toBeLessThanOrEqual(5);
      for (const p of q.rel) expect(small.files.has(p), p).toBe(true);
    }
    const kinds = new Set(questions.map((q) => `${q.kind}/${q.lang}`));
    for (const k of ['works_at/en', 'founded/en', 'invested_in/en', 'advises/en', 'attended/en', 'connects/en', 'works_at/zh', 'founded/zh', 'invested_in/zh', 'advises/zh']) {
      expect(kinds.has(k), k).toBe(true);
    }
    // The committed file must match what the documented command produces today.
    const committed = readFileSync(join(__dirname, '../../eval/relational.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as unknown);
    expect(committed).toEqual(questions);
  });
});
