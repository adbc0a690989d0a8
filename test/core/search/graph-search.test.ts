// Relation questions through hybrid search and the production `search` op, against a small hand-written vault
// with typed links of every kind (frontmatter, verbs, meeting attendees, past relations, Chinese).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../../src/core/brain';
import type { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { createRegistry } from '../../../src/core/ops';
import { evidenceWeight, isPast, rankConnections, rankRelationAnswers } from '../../../src/core/search/graph-arm';
import { hybridSearch } from '../../../src/core/search/hybrid-search';
import type { SearchResponse } from '../../../src/core/search/types';
import { indexedBrain, PEOPLE_VAULT } from './fixture';

let brain: Brain;
let engine: PGliteEngine;

beforeAll(async () => {
  ({ brain, engine } = await indexedBrain(PEOPLE_VAULT, null));
}, 60_000);

afterAll(async () => {
  await engine.close();
});

async function answers(q: string, limit = 10): Promise<SearchResponse> {
  return hybridSearch({ engine, embedder: null }, q, { limit, explain: true });
}

/** The notes the graph arm answered with, in order. */
function graphAnswers(r: SearchResponse): string[] {
  return r.results.filter((x) => x.why.some((w) => w.startsWith('graph:'))).map((x) => x.path).filter((p, i, a) => a.indexOf(p) === i);
}

describe('relation questions (English)', () => {
  it('who works at X: current employees ranked by evidence, past ones excluded', async () => {
    const r = await answers('who works at Acme Robotics?');
    expect(r.intent).toMatchObject({ kind: 'relation', relation: 'works_at', want: 'subjects', entity: { path: 'companies/Acme Robotics.md' } });
    const got = graphAnswers(r);
    expect([...got].sort()).toEqual(['people/Alice Chen.md', 'people/Dan Park.md', 'people/Erin Wu.md']);
    // Carol's relation is stated in the past: not an answer to "who works at".
    expect(got).not.toContain('people/Carol Diaz.md');
    // The answers come before anything else (the company's own note, keyword matches).
    const firstOther = r.results.findIndex((x) => !x.why.some((w) => w.startsWith('graph:')));
    expect(firstOther === -1 || firstOther >= got.length).toBe(true);
    // Dan: his frontmatter and a verb in his own note (3); Erin: only the company's key_people (3); Alice: the
    // company's key_people (3) and a verb in her note (2). Two independent notes rank first.
    expect(got[0]).toBe('people/Alice Chen.md');
    // Dan and Erin tie on evidence (3 each); Dan's note also matches the words, so the fused score orders them.
    expect(got.indexOf('people/Dan Park.md')).toBeLessThan(got.indexOf('people/Erin Wu.md'));
    const dan = r.results.find((x) => x.path === 'people/Dan Park.md')!;
    expect(dan.why).toContain('graph: works_at');
    expect(dan.explain?.edges.every((e) => e.type === 'works_at' && e.object === 'companies/Acme Robotics.md' && e.subject === 'people/Dan Park.md')).toBe(true);
    expect(dan.explain?.graphEvidence).toBeGreaterThan(0);
  });

  it('who worked at X includes past employees', async () => {
    const got = graphAnswers(await answers('who worked at Acme Robotics'));
    expect(got).toContain('people/Carol Diaz.md');
  });

  it('follows incoming frontmatter links: key_people on a company means the person works there', async () => {
    const r = await answers('who works at Acme Robotics');
    const erin = r.results.find((x) => x.path === 'people/Erin Wu.md');
    expect(erin?.explain?.edges).toEqual([
      expect.objectContaining({ subject: 'people/Erin Wu.md', object: 'companies/Acme Robotics.md', note: 'companies/Acme Robotics.md', type: 'works_at', past: false }),
    ]);
  });

  it('who invested in / founded / advises / attended', async () => {
    expect(graphAnswers(await answers('who invested in Acme Robotics?'))).toEqual(['companies/Northwind Ventures.md']);
    expect(graphAnswers(await answers('who founded Acme Robotics?'))).toEqual(['people/Alice Chen.md']);
    expect(graphAnswers(await answers('who advises Acme Robotics?'))).toEqual(expect.arrayContaining(['people/Bob Li.md', 'people/李娜.md']));
    expect(graphAnswers(await answers('who attended 2024-03-05 Acme board meeting?')).sort()).toEqual(['people/Alice Chen.md', 'people/Bob Li.md']);
  });

  it('where does X work / what did X invest in (the other direction)', async () => {
    expect(graphAnswers(await answers('where does Dan Park work?'))).toEqual(['companies/Acme Robotics.md']);
    expect(graphAnswers(await answers('what did Bob Li invest in?'))).toEqual(['companies/Borealis Labs.md']);
  });

  it('what connects A and B: notes linked to both', async () => {
    const r = await answers('what connects Bob Li and Alice Chen?');
    expect(r.intent?.kind).toBe('connects');
    const got = graphAnswers(r);
    expect(got.slice(0, 2).sort()).toEqual(['companies/Acme Robotics.md', 'meetings/2024-03-05 Acme board meeting.md']);
    expect(r.results[0]?.why).toContain('graph: connects');
  });

  it('names an alias', async () => {
    const r = await answers('where does Alice work');
    expect(r.intent).toMatchObject({ entity: { path: 'people/Alice Chen.md' } });
    expect(graphAnswers(r)).toEqual(['companies/Acme Robotics.md']);
  });

  it('an unknown entity is an ordinary search, not an error', async () => {
    const r = await answers('who works at Nonexistent Corp');
    // The relation names no note, so the query is an open one.
    expect(r.intent).toEqual({ kind: 'general' });
    expect(graphAnswers(r)).toEqual([]);
  });
});

describe('relation questions (Chinese)', () => {
  it.each([
    ['谁在星辰科技工作？', ['people/李娜.md']],
    ['谁投资了星辰科技？', ['companies/青禾创投.md']],
    ['谁创立了星辰科技？', ['people/王伟.md']],
    ['谁是Acme Robotics的顾问？', ['people/Bob Li.md', 'people/李娜.md']],
    ['谁参加了2024-11-20 星辰科技合作会议？', ['people/Alice Chen.md', 'people/王伟.md']],
  ])('%s', async (q, want) => {
    const got = graphAnswers(await answers(q));
    expect(got.slice(0, want.length).sort()).toEqual([...want].sort());
  });
});

describe('through the production search op', () => {
  it('answers relation questions with the JSON contract shape', async () => {
    const registry = createRegistry();
    const r = (await registry.call('search', { query: 'who works at Acme Robotics', limit: 5 }, { brain, remote: false })) as SearchResponse;
    expect(r.query).toBe('who works at Acme Robotics');
    expect(r.results.length).toBeGreaterThan(0);
    for (const x of r.results) {
      expect(Object.keys(x)).toEqual(expect.arrayContaining(['path', 'title', 'score', 'heading', 'snippet', 'startLine', 'why']));
      expect(x.explain).toBeUndefined();
    }
    expect(graphAnswers(r)).toContain('people/Dan Park.md');
    const withExplain = (await registry.call('search', { query: 'who works at Acme Robotics', explain: true }, { brain, remote: false })) as SearchResponse;
    expect(withExplain.results[0]?.explain?.arms.some((a) => a.arm === 'graph')).toBe(true);
  });
});

describe('edge ranking rules', () => {
  const edge = (note: string, subject: string, source: 'frontmatter' | 'wikilink', evidence: string | null) => ({
    linkId: 1,
    note,
    subject,
    object: 'acme.md',
    type: 'works_at',
    source,
    evidence,
    context: '',
    line: 1,
  });

  it('weighs frontmatter and fields over verbs over priors, and reads "(past)"', () => {
    expect(evidenceWeight({ source: 'frontmatter', evidence: 'frontmatter: company' })).toBe(3);
    expect(evidenceWeight({ source: 'inline-field', evidence: 'field: works_at' })).toBe(3);
    expect(evidenceWeight({ source: 'wikilink', evidence: 'verb: works at' })).toBe(2);
    expect(evidenceWeight({ source: 'wikilink', evidence: 'prior: person->company role' })).toBe(1);
    expect(evidenceWeight({ source: 'wikilink', evidence: null })).toBe(1);
    expect(isPast({ evidence: 'verb: worked at (past)' })).toBe(true);
    expect(isPast({ evidence: 'verb: works at' })).toBe(false);
  });

  it('adds independent notes, counts one note once, and drops past-only answers for the present tense', () => {
    const edges = [
      edge('a.md', 'a.md', 'wikilink', 'verb: works at'),
      edge('a.md', 'a.md', 'frontmatter', 'frontmatter: company'),
      edge('acme.md', 'a.md', 'frontmatter', 'frontmatter: key_people'),
      edge('b.md', 'b.md', 'frontmatter', 'frontmatter: company'),
      edge('c.md', 'c.md', 'wikilink', 'verb: worked at (past)'),
    ];
    const now = rankRelationAnswers(edges, 'acme.md', 'subjects', 'current');
    expect(now.map((h) => [h.path, h.score])).toEqual([
      ['a.md', 6],
      ['b.md', 3],
    ]);
    const any = rankRelationAnswers(edges, 'acme.md', 'subjects', 'any');
    expect(any.map((h) => h.path)).toEqual(['a.md', 'b.md', 'c.md']);
    expect(any[2]!.score).toBe(0.5);
  });

  it('ranks notes linked to both sides, preferring specific notes over hubs', () => {
    const e = (note: string, subject: string, object: string) => ({ linkId: 1, note, subject, object, type: 'mentions', source: 'wikilink' as const, evidence: null, context: '', line: 1 });
    const hits = rankConnections(
      [e('m.md', 'm.md', 'a.md'), e('m.md', 'm.md', 'b.md'), e('hub.md', 'hub.md', 'a.md'), e('hub.md', 'hub.md', 'b.md'), e('x.md', 'x.md', 'a.md'), e('a.md', 'a.md', 'b.md')],
      'a.md',
      'b.md',
      new Map([['hub.md', 500], ['m.md', 1]]),
    );
    expect(hits.map((h) => h.path)).toEqual(['m.md', 'hub.md', 'a.md']);
  });
});
