import { evidenceBadge } from '../../src/obsidian/views/evidence-badge';
import { headingUnderTitle } from '../../src/obsidian/views/grouping';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, effectiveRules, mergeSettings, parseRuleLines, previewRules, toLlmSettings, toWorkerSettings } from '../../src/obsidian/plugin/settings';
import { statusText } from '../../src/obsidian/plugin/status-text';
import { describeDiagnosis, diagnoseNote, findFile } from '../../src/obsidian/plugin/why-not-found';
import { layoutGraph } from '../../src/obsidian/views/graph-layout';
import { groupByNote, groupByType, typeClass, typeLabel } from '../../src/obsidian/views/grouping';
import { highlightRuns, plainSnippet, queryTerms } from '../../src/obsidian/views/highlight';
import type { SearchHit } from '../../src/obsidian/plugin/op-results';

describe('settings', () => {
  it('merges stored data over defaults and rejects wrong types and ranges', () => {
    expect(mergeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings('garbage')).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings([1, 2])).toEqual(DEFAULT_SETTINGS);
    const s = mergeSettings({ include: ['Notes', 3, '  ', ' People '], embedder: 'openai', llmProvider: 'gpt', debounceMs: -5, mcpPort: 80, llmMaxNotes: 12, codeChunking: 'yes', unknown: 1 });
    expect(s.include).toEqual(['Notes', 'People']);
    expect(s.embedder).toBe('openai');
    expect(s.llmProvider).toBe('none');
    expect(s.debounceMs).toBe(DEFAULT_SETTINGS.debounceMs);
    expect(s.mcpPort).toBe(DEFAULT_SETTINGS.mcpPort);
    expect(s.llmMaxNotes).toBe(12);
    // What the settings tab would refuse is refused from stored data too.
    for (const n of [0, 31, 100]) expect(mergeSettings({ llmMaxNotes: n }).llmMaxNotes).toBe(DEFAULT_SETTINGS.llmMaxNotes);
    expect(s.codeChunking).toBe(true);
    expect('unknown' in s).toBe(false);
  });

  it('does not share arrays with the defaults', () => {
    const s = mergeSettings({});
    s.include.push('x');
    expect(DEFAULT_SETTINGS.include).toEqual([]);
  });

  it('parses rule lines and caps pathological input', () => {
    expect(parseRuleLines('a\r\n\n  b/**  \n')).toEqual(['a', 'b/**']);
    expect(parseRuleLines('x\n'.repeat(10_000))).toHaveLength(500);
  });

  it('maps to worker settings: embedder choice, remote embedder config, and the model settings for think', () => {
    const w = toWorkerSettings(mergeSettings({ exclude: ['Archive'], embedder: 'none', embedderApiKey: 'sk-unused' }), '.config');
    expect(w).toEqual({
      include: [],
      exclude: ['Archive'],
      configDir: '.config',
      embedder: { kind: 'none' },
      codeChunking: true,
      llm: { provider: 'none', maxNotes: 8, timeoutMs: 60_000, saveFolder: 'Syntheses' },
    });
    // The embedder key goes only with the remote embedder it belongs to.
    expect(JSON.stringify(w)).not.toContain('sk-unused');

    const remote = toWorkerSettings(
      mergeSettings({ embedder: 'openai', embedderBaseUrl: ' http://127.0.0.1:11434/v1 ', embedderModel: 'nomic-embed-text', embedderDims: 256, embedderApiKey: 'sk-emb' }),
      '.obsidian',
    );
    expect(remote.embedder).toEqual({ kind: 'openai', baseURL: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text', dims: 256, apiKey: 'sk-emb' });
    // Native size and no key: neither field is sent.
    expect(toWorkerSettings(mergeSettings({ embedder: 'openai', embedderDims: 0 }), '.obsidian').embedder).toEqual({
      kind: 'openai',
      baseURL: 'https://api.openai.com/v1',
      model: 'text-embedding-3-small',
    });
  });

  it('maps the think provider, key, note cap and timeout; with no provider the key is not sent', () => {
    const s = mergeSettings({ llmProvider: 'anthropic', llmModel: ' claude-test ', llmApiKey: 'sk-ant', llmMaxNotes: 5, llmTimeoutSeconds: 30, llmBaseUrl: '' });
    expect(toLlmSettings(s)).toEqual({ provider: 'anthropic', model: 'claude-test', apiKey: 'sk-ant', maxNotes: 5, timeoutMs: 30_000, saveFolder: 'Syntheses' });
    expect(toWorkerSettings(s, '.obsidian').llm).toEqual(toLlmSettings(s));
    const openai = toLlmSettings(mergeSettings({ llmProvider: 'openai', llmBaseUrl: 'http://localhost:1234/v1', llmModel: 'qwen', llmMaxNotes: 0 }));
    expect(openai).toMatchObject({ provider: 'openai', baseURL: 'http://localhost:1234/v1', model: 'qwen', maxNotes: DEFAULT_SETTINGS.llmMaxNotes });
    expect('apiKey' in openai).toBe(false);
    const off = toLlmSettings(mergeSettings({ llmProvider: 'none', llmApiKey: 'sk-secret', llmModel: 'm' }));
    expect(off.provider).toBe('none');
    expect(JSON.stringify(off)).not.toContain('sk-secret');
  });

  it('keeps the search mode it knows (anything else is balanced) and sends a rerank model for OpenAI-compatible only', () => {
    expect(mergeSettings({}).searchMode).toBe('balanced');
    expect(mergeSettings({ searchMode: 'deep' }).searchMode).toBe('deep');
    expect(mergeSettings({ searchMode: 'fast' }).searchMode).toBe('fast');
    for (const bad of ['Deep', 'turbo', '', 2, null]) expect(mergeSettings({ searchMode: bad }).searchMode).toBe('balanced');
    expect(mergeSettings({ llmRerankModel: ' bge-reranker ' }).llmRerankModel).toBe('bge-reranker');
    expect(mergeSettings({ llmRerankModel: 7 }).llmRerankModel).toBe('');

    const openai = { llmProvider: 'openai', llmBaseUrl: 'http://127.0.0.1:8080/v1', llmModel: 'qwen', llmRerankModel: 'bge-reranker' };
    expect(toLlmSettings(mergeSettings(openai)).rerankModel).toBe('bge-reranker');
    expect(toWorkerSettings(mergeSettings(openai), '.obsidian').llm?.rerankModel).toBe('bge-reranker');
    // Anthropic has no /rerank endpoint, and an empty name is not sent.
    expect('rerankModel' in toLlmSettings(mergeSettings({ ...openai, llmProvider: 'anthropic' }))).toBe(false);
    expect('rerankModel' in toLlmSettings(mergeSettings({ ...openai, llmRerankModel: '' }))).toBe(false);
    expect('rerankModel' in toLlmSettings(mergeSettings({ ...openai, llmProvider: 'none' }))).toBe(false);
  });

  it('rejects out-of-range dims and timeouts, and oversized or non-string keys', () => {
    const s = mergeSettings({ embedderDims: 5000, llmTimeoutSeconds: 1, llmApiKey: 'x'.repeat(20_000), embedderApiKey: 42 });
    expect(s.embedderDims).toBe(0);
    expect(s.llmTimeoutSeconds).toBe(60);
    expect(s.llmApiKey).toBe('');
    expect(s.embedderApiKey).toBe('');
    expect(mergeSettings({ embedderDims: 1.5 }).embedderDims).toBe(0);
    expect(mergeSettings({ llmTimeoutSeconds: 600 }).llmTimeoutSeconds).toBe(600);
  });

  it('previews which files the rules index and which they exclude', () => {
    const files = ['Notes/a.md', 'Archive/old.md', 'Archive/older.md', '.obsidian/app.json', '.obsidian/snippet.md', 'img.png', 'People/b.md'];
    const p = previewRules(files, effectiveRules(mergeSettings({ exclude: ['Archive'] }), '.obsidian'));
    expect(p.total).toBe(7);
    expect(p.matched).toBe(2);
    expect(p.excluded.map((e) => e.path)).toEqual(['Archive/old.md', 'Archive/older.md', '.obsidian/snippet.md']);
    expect(p.excluded[0]!.reason).toContain('Archive');
    const only = previewRules(files, effectiveRules(mergeSettings({ include: ['People'] }), '.obsidian'));
    expect(only.matched).toBe(1);
  });
});

describe('highlight', () => {
  it('extracts query terms without operators or one-letter noise', () => {
    expect(queryTerms('"Alice Chen" works_at -draft a #ml')).toEqual(['alice', 'chen', 'works_at', 'draft', 'ml']);
    expect(queryTerms('東京')).toEqual(['東京']);
    expect(queryTerms('')).toEqual([]);
  });

  it('splits text into plain and matching runs, case-insensitively, longest term first', () => {
    const runs = highlightRuns('Alice met alicia at Acme.', ['alice', 'acme', 'ali']);
    expect(runs).toEqual([
      { text: 'Alice', match: true },
      { text: ' met ', match: false },
      { text: 'ali', match: true },
      { text: 'cia at ', match: false },
      { text: 'Acme', match: true },
      { text: '.', match: false },
    ]);
    expect(runs.map((r) => r.text).join('')).toBe('Alice met alicia at Acme.');
    // The engine's matched words mark whole Latin words only; CJK terms mark wherever they occur.
    expect(highlightRuns('Alice met alicia at Acme的团队', ['ali', 'acme', '团队'], true).filter((r) => r.match).map((r) => r.text)).toEqual(['Acme', '团队']);
  });

  it('treats regex characters in terms literally and survives huge snippets', () => {
    expect(highlightRuns('a (b) [c]* d', ['(b)', '[c]*'])).toEqual([
      { text: 'a ', match: false },
      { text: '(b)', match: true },
      { text: ' ', match: false },
      { text: '[c]*', match: true },
      { text: ' d', match: false },
    ]);
    const big = 'x'.repeat(200_000) + ' needle';
    expect(highlightRuns(big, ['needle']).filter((r) => r.match)).toHaveLength(1);
    expect(highlightRuns('', ['a'])).toEqual([]);
    expect(highlightRuns('<img onerror=x>', [])).toEqual([{ text: '<img onerror=x>', match: false }]);
  });
});

describe('plain snippets', () => {
  it('shows link text instead of link syntax and drops emphasis marks', () => {
    expect(plainSnippet('## Role\n**Alice** works at [[Companies/Acme|Acme Corp]] with [[people/Bob]] and [docs](https://x.y) ==now==')).toBe(
      'Role Alice works at Acme Corp with Bob and docs now',
    );
    expect(plainSnippet('see [[Note#Heading]] and ![[img.png]]')).toBe('see Note and img.png');
    // A link cut by the chunk boundary shows no brackets.
    expect(plainSnippet('#tag stays, [[unclosed')).toBe('#tag stays, unclosed');
    expect(plainSnippet('')).toBe('');
  });
});

describe('grouping', () => {
  const hit = (path: string, score: number): SearchHit => ({ path, title: path.replace('.md', ''), score, heading: null, snippet: '', startLine: 1, endLine: 2, why: [] });
  it('groups hits by note in order of each note\'s best hit', () => {
    const g = groupByNote([hit('b.md', 9), hit('a.md', 8), hit('b.md', 7)]);
    expect(g.map((x) => [x.path, x.hits.length])).toEqual([['b.md', 2], ['a.md', 1]]);
  });
  it('groups links by type: typed relations first, mentions last', () => {
    const g = groupByType([{ type: 'mentions' }, { type: 'works_at' }, { type: 'mentions' }, { type: 'invested_in' }, { type: 'works_at' }, { type: 'role' }]);
    expect(g.map((x) => [x.type, x.items.length])).toEqual([['works_at', 2], ['invested_in', 1], ['role', 1], ['mentions', 2]]);
    expect(typeLabel('invested_in')).toBe('invested in');
    expect(typeClass('works_at')).toBe('vb-type-works-at');
    expect(typeClass('"><script>')).toBe('vb-type-other');
  });
});

describe('graph layout', () => {
  it('puts the note in the middle, 1 hop on the inner ring, 2 hops outside, edges only between kept nodes', () => {
    const nodes = [
      { path: 'acme.md', title: 'Acme', depth: 1, via: [{ linkId: 1, from: 'alice.md', to: 'acme.md', type: 'works_at' }] },
      { path: 'bob.md', title: 'Bob', depth: 2, via: [{ linkId: 1, from: 'alice.md', to: 'acme.md', type: 'works_at' }, { linkId: 2, from: 'bob.md', to: 'acme.md', type: 'works_at' }] },
      { path: 'fund.md', title: null, depth: 1, via: [{ linkId: 3, from: 'fund.md', to: 'alice.md', type: 'invested_in' }] },
      { path: 'far.md', title: 'Far', depth: 3, via: [] },
    ];
    const l = layoutGraph('alice.md', 'Alice', nodes, { size: 200 });
    expect(l.nodes.map((n) => n.path)).toEqual(['alice.md', 'acme.md', 'fund.md', 'bob.md']);
    const dist = (p: string): number => {
      const n = l.nodes.find((x) => x.path === p)!;
      return Math.hypot(n.x - 100, n.y - 100);
    };
    expect(dist('alice.md')).toBe(0);
    expect(dist('acme.md')).toBeLessThan(dist('bob.md'));
    expect(l.nodes.find((n) => n.path === 'fund.md')!.label).toBe('fund');
    expect(l.edges).toHaveLength(3);
    expect(l.edges.map((e) => e.type).sort()).toEqual(['invested_in', 'works_at', 'works_at']);
    for (const n of l.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0);
      expect(n.x).toBeLessThanOrEqual(200);
    }
  });
  it('caps the number of nodes', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ path: `n${i}.md`, title: `N${i}`, depth: 1, via: [{ linkId: i, from: 'c.md', to: `n${i}.md`, type: 'mentions' }] }));
    expect(layoutGraph('c.md', 'C', many, { maxNodes: 25 }).nodes).toHaveLength(26);
    const mixed = [...many, ...many.map((n) => ({ ...n, path: `far${n.path}`, depth: 2 }))];
    expect(layoutGraph('c.md', 'C', mixed, { maxNodes: 20 }).nodes.filter((n) => n.depth === 1)).toHaveLength(10);
    expect(layoutGraph('c.md', 'C', []).nodes).toHaveLength(1);
  });
});

describe('status text', () => {
  it('says what the brain is doing with grouped numbers', () => {
    expect(statusText({ kind: 'indexing', phase: 'index', done: 1234, total: 10000 }).text).toBe('Brain: indexing 1,234 / 10,000');
    expect(statusText({ kind: 'indexing', phase: 'embed', done: 5, total: 9 }).text).toBe('Brain: embedding 5 / 9');
    // The time left comes from the phase's rate so far, and not from its first seconds.
    const since = { at: 0, done: 1000 };
    expect(statusText({ kind: 'indexing', phase: 'embed', done: 2000, total: 10000, since }, 2000).text).toBe('Brain: embedding 2,000 / 10,000');
    expect(statusText({ kind: 'indexing', phase: 'embed', done: 2000, total: 10000, since }, 30_000).text).toBe('Brain: embedding 2,000 / 10,000 · ~4 min left');
    expect(statusText({ kind: 'indexing', phase: 'embed', done: 9900, total: 10000, since }, 30_000).text).toBe('Brain: embedding 9,900 / 10,000 · under a minute left');
    expect(statusText({ kind: 'indexing', phase: 'embed', done: 1001, total: 10000, since }, 10_000).text).toBe('Brain: embedding 1,001 / 10,000 · ~25 h 0 min left');
    expect(statusText({ kind: 'indexing', phase: 'embed', done: 1000, total: 10000, since }, 30_000).text).toBe('Brain: embedding 1,000 / 10,000');
    const ready = statusText({ kind: 'ready', stats: { pages: 10, chunks: 40, links: 7, typedLinks: 3, dangling: 1, embeddedByModel: {}, timelineEntries: 0, pagesByType: {} }, lastRun: null });
    expect(ready.text).toBe('Brain: ready');
    expect(ready.tooltip).toContain('10 notes, 40 chunks');
    const err = statusText({ kind: 'error', message: 'could not open the index: boom' });
    expect(err).toEqual({ text: 'Brain: error — click for details', tooltip: 'could not open the index: boom', isError: true });
  });
});

describe('why is this note not found', () => {
  const files = ['People/Alice Chen.md', 'Archive/Old.md', 'Notes/big.md', 'Notes/new.md', 'Notes/ok.md', 'a/dup.md', 'b/dup.md'];
  const rules = effectiveRules(mergeSettings({ exclude: ['Archive'] }), '.obsidian');
  const call = async <R>(name: string, params: Record<string, unknown>): Promise<R> => {
    if (name === 'status') return { lastIndexedAt: null, indexed: 2, skipped: 1, failed: 0, withWarnings: 0, files: [{ path: 'Notes/big.md', status: 'skipped', reason: 'file is larger than 2 MB', size: 3e6 }], embedder: null } as R;
    if (name === 'get_note') {
      if (params.note === 'Notes/new.md') throw new Error('note not found');
      return { path: params.note, title: 'Alice Chen', type: 'person', aliases: ['Alice'], tags: ['team'], totalChars: 1200 } as R;
    }
    if (name === 'search') return { query: params.query, results: [{ path: 'x.md' }, { path: 'People/Alice Chen.md' }] } as R;
    throw new Error(`unexpected op ${name}`);
  };

  it('finds files by path, path without extension or name', () => {
    expect(findFile('People/Alice Chen', files).path).toBe('People/Alice Chen.md');
    expect(findFile('alice chen', files).path).toBe('People/Alice Chen.md');
    expect(findFile('[[Old]]', files).path).toBe('Archive/Old.md');
    expect(findFile('dup', files)).toEqual({ path: null, candidates: ['a/dup.md', 'b/dup.md'] });
    expect(findFile('   ', files).path).toBeNull();
  });

  it('explains each reason', async () => {
    const d = (q: string) => diagnoseNote(q, { files, rules, call });
    expect(describeDiagnosis(await d('Old'))).toBe('Archive/Old.md is not indexed: excluded by rule "Archive".');
    expect(describeDiagnosis(await d('big'))).toBe('Notes/big.md was skipped: file is larger than 2 MB.');
    expect((await d('new')).kind).toBe('not-indexed');
    const ok = await d('Alice Chen');
    expect(ok).toMatchObject({ kind: 'indexed', searchRank: 2 });
    expect(describeDiagnosis(ok)).toContain('ranks it #2');
    expect(describeDiagnosis(await d('zzz'))).toBe('No file in the vault matches "zzz".');
  });
});

describe('evidence badge', () => {
  it('names a typed link by its relation, knows no badge for unknown tags, and none for no tags', () => {
    expect(evidenceBadge(['graph_edge:invested_in', 'weak_semantic'])).toEqual({ kind: 'graph_edge', text: 'linked: invested in', tip: expect.stringContaining('(graph_edge:invested_in)') as string });
    expect(evidenceBadge(['exact_title', 'rare_term'])?.text).toBe('exact title');
    expect(evidenceBadge(['something_new'])).toBeNull();
    expect(evidenceBadge(undefined)).toBeNull();
  });
});

describe('heading under its title', () => {
  it('drops the leading title segment (any case), keeps other paths whole, and is empty for the title alone', () => {
    expect(headingUnderTitle('Acme > Funding > 2024', 'Acme')).toBe('Funding > 2024');
    expect(headingUnderTitle('acme', 'Acme')).toBe('');
    expect(headingUnderTitle('Overview > Acme', 'Acme')).toBe('Overview > Acme');
    expect(headingUnderTitle(null, 'Acme')).toBe('');
  });
});
