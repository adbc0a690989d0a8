// `vault-brain search` and `vault-brain eval` as users run them: the built CLI in a child process.
import { beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertBuilt, runCli } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';

let vault: string;

function write(rel: string, content: string | Uint8Array): Promise<void> {
  return writeVaultFile(vault, rel, content);
}

beforeAll(async () => {
  assertBuilt();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-search-cli-'));
  await write('.vault-brain/config.json', JSON.stringify({ embedder: { kind: 'none' } }));
  await write('people/Alice Chen.md', '---\ntype: person\n---\n# Alice Chen\n\nAlice Chen works at [[Acme Robotics]] as CTO.\n');
  await write('people/Dan Park.md', '---\ntype: person\ncompany: "[[Acme Robotics]]"\n---\n# Dan Park\n\nDan is an engineer.\n');
  await write('companies/Acme Robotics.md', '---\ntype: company\n---\n# Acme Robotics\n\nAcme builds warehouse robots.\n');
  await write('plugins/Canvas.md', '# Canvas\n\nAn infinite whiteboard where you lay out cards and draw arrows between them.\n');
  await write('技术/后台任务的工作进程.md', '# 后台任务的工作进程\n\n工作进程从队列里取出后台任务并执行。\n');
  await write('eval.jsonl', [
    JSON.stringify({ q: 'who works at Acme Robotics?', rel: ['people/Alice Chen.md', 'people/Dan Park.md'], kind: 'works_at', split: 'dev' }),
    JSON.stringify({ q: 'whiteboard with cards and arrows', rel: ['plugins/Canvas.md'], kind: 'paraphrase', split: 'test' }),
    JSON.stringify({ q: '后台任务', rel: ['技术/后台任务的工作进程.md'], kind: 'zh', split: 'test' }),
    '',
  ].join('\n'));
  const index = await runCli(['index', '--vault', vault]);
  expect(index.code).toBe(0);
}, 120_000);

describe('vault-brain search', () => {
  it('prints the JSON contract, relation answers first', async () => {
    const r = await runCli(['search', 'who', 'works', 'at', 'Acme', 'Robotics', '--vault', vault, '--json', '--limit', '3']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { query: string; intent: { kind: string }; results: { path: string; title: string; score: number; heading: string; snippet: string; startLine: number; why: string[] }[] };
    expect(out.query).toBe('who works at Acme Robotics');
    expect(out.intent.kind).toBe('relation');
    expect(out.results.length).toBeLessThanOrEqual(3);
    expect(out.results.slice(0, 2).map((x) => x.path).sort()).toEqual(['people/Alice Chen.md', 'people/Dan Park.md']);
    for (const x of out.results) {
      expect(typeof x.title).toBe('string');
      expect(typeof x.score).toBe('number');
      expect(x.startLine).toBeGreaterThan(0);
      expect(Array.isArray(x.why)).toBe(true);
    }
  });

  it('prints numbered results with path:line, heading, snippet, badges and --explain', async () => {
    const r = await runCli(['search', 'whiteboard', '--vault', vault, '--explain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ 1\. Canvas {2}plugins\/Canvas\.md:\d+/m);
    expect(r.stdout).toContain('infinite whiteboard');
    expect(r.stdout).toMatch(/\[keyword\]/);
    expect(r.stdout).toMatch(/explain: rrf [\d.]+ from keyword #1/);
    const none = await runCli(['search', 'zzqx', '--vault', vault]);
    expect(none.stdout).toContain('No results for "zzqx"');
  });
});

describe('vault-brain search --mode and --token-budget (issue 12)', () => {
  it('takes a mode and a budget, says what the budget cut, and refuses bad values with a usage error', async () => {
    const all = JSON.parse((await runCli(['search', 'Acme', 'Robotics', '--vault', vault, '--json', '--mode', 'fast'])).stdout) as {
      mode: string; intent: { kind: string }; create_safety: string; budget: { tokenBudget: number }; results: { path: string; evidence: string[] }[];
    };
    expect(all).toMatchObject({ mode: 'fast', intent: { kind: 'entity' }, create_safety: 'exists', budget: { tokenBudget: 4000 } });
    expect(all.results[0]).toMatchObject({ path: 'companies/Acme Robotics.md' });
    expect(all.results[0]!.evidence[0]).toBe('exact_title');
    expect(all.results.length).toBeGreaterThan(1);
    const cut = await runCli(['search', 'Acme', 'Robotics', '--vault', vault, '--json', '--mode', 'fast', '--token-budget', '100']);
    expect(cut.code).toBe(0);
    const out = JSON.parse(cut.stdout) as { budget: { tokenBudget: number; tokens: number; resultsDropped: number; dropped: { path: string }[] }; results: unknown[] };
    expect(out.budget.tokenBudget).toBe(100);
    expect(out.budget.tokens).toBeLessThanOrEqual(100);
    expect(out.results.length + out.budget.resultsDropped).toBe(all.results.length);
    expect(out.budget.dropped.length).toBe(out.budget.resultsDropped);
    const text = await runCli(['search', 'Acme', 'Robotics', '--vault', vault, '--mode', 'deep', '--token-budget', '100']);
    expect(text.stdout).toMatch(/^\(token budget 100: \d+ texts? shortened, [1-9]\d* results? left out\)/m);
    const bad = await runCli(['search', 'Acme', '--vault', vault, '--mode', 'turbo']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/"mode" must be one of fast, balanced, deep/);
    const small = await runCli(['search', 'Acme', '--vault', vault, '--token-budget', '5']);
    expect(small.code).toBe(2);
    expect(small.stderr).toMatch(/tokenBudget/);
  });
});

describe('vault-brain eval', () => {
  it('scores a question set overall and per kind', async () => {
    const r = await runCli(['eval', '--queries', path.join(vault, 'eval.jsonl'), '--k', '3', '--vault', vault, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { k: number; overall: { queries: number; recall: number; mrr: number; precision: number; ndcg: number }; byKind: Record<string, { recall: number }> };
    expect(out.k).toBe(3);
    expect(out.overall.queries).toBe(3);
    expect(out.overall.recall).toBe(1);
    expect(out.overall.mrr).toBe(1);
    expect(out.byKind.works_at?.recall).toBe(1);
    expect(out.overall.precision).toBeCloseTo((2 / 3 + 1 / 3 + 1 / 3) / 3, 6);
    const human = await runCli(['eval', '--queries', path.join(vault, 'eval.jsonl'), '--vault', vault]);
    expect(human.stdout).toMatch(/kind\s+n\s+P@5\s+R@5\s+MRR\s+nDCG@5/);
    expect(human.stdout).toMatch(/overall\s+3\s/);
    expect(human.stdout).toMatch(/dev half\s+1\s/);
    expect(human.stdout).toMatch(/test half\s+2\s/);
  });

  it('scores one half of a split set with --split', async () => {
    const test = await runCli(['eval', '--queries', path.join(vault, 'eval.jsonl'), '--vault', vault, '--split', 'test', '--json']);
    expect(test.code).toBe(0);
    const half = JSON.parse(test.stdout) as { overall: { queries: number }; bySplit: { test?: { queries: number }; dev?: unknown } };
    expect(half.overall.queries).toBe(2);
    expect(half.bySplit.test?.queries).toBe(2);
    expect(half.bySplit.dev).toBeUndefined();
  });

  it('refuses a missing or malformed question file with a usage error', async () => {
    await write('bad.jsonl', '{"q": "x", "rel": ["a.md"]}\nnot json\n');
    const bad = await runCli(['eval', '--queries', path.join(vault, 'bad.jsonl'), '--vault', vault]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/line 2: not valid JSON/);
    const missing = await runCli(['eval', '--vault', vault]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--queries/);
    const badK = await runCli(['eval', '--queries', path.join(vault, 'eval.jsonl'), '--k', '0', '--vault', vault]);
    expect(badK.code).toBe(2);
    const badSplit = await runCli(['eval', '--queries', path.join(vault, 'eval.jsonl'), '--split', 'train', '--vault', vault]);
    expect(badSplit.code).toBe(2);
    expect(badSplit.stderr).toMatch(/--split/);
  });
});
