// The JS stemmer, tsvector and tsquery builders, checked against Postgres itself (PGlite): the same lexemes as
// its `english_stem` dictionary, literals it accepts, and queries that match what websearch_to_tsquery matches.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGLISH_STOPWORDS, stemEnglish } from '../../../src/core/text/english-stem';
import { forEachLexeme, tsvectorLiteral, weightedTsvectorLiteral } from '../../../src/core/text/lexemes';
import { segmentForIndex, segmentQuery } from '../../../src/core/text/segment';
import { websearchTsquery } from '../../../src/core/text/tsquery';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(async () => {
  await db.close();
});

// Prose with every Porter2 step and exception, plus the double-letter cases where Postgres' Snowball differs
// from the original published algorithm (added -> add, upped -> up).
const PROSE = `Generously communicating arsenals, the skies were dying while lying idly; gently ugly early singly
  only news howe atlas cosmos bias andes skis tying inning outing canning herring earring proceeded exceeding succeeds.
  Caresses ponies ties cries gaps gas kiwis this hopping hoped agreed feed tanned planned fizzed bled sing added
  adding ebbing egging erring offing upped inned bidding fitted admitted assessing eyed aging icing using faring
  cry by say crying relational conditional rational valenci hesitanci digitizer conformabli radicalli differentli
  vileli analogousli vietnamization predication operator feudalism decisiveness hopefulness callousness formaliti
  sensitiviti sensibiliti electriciti electrical hopeful goodness triplicate formative formalize revival allowance
  inference airliner gyroscopic adjustable defensible irritant replacement adjustment dependent adoption homologou
  communism activate angulariti homologous effective bowdlerize probate rate cease controll roll biologist
  geology archaeology lucky yesterday Yellow player employed toyed saying happily reliably fully carelessly
  universities organization emergency later pasta generation communication constructor prototype valueOf
  yyyyyy yes ayyy https`;

function words(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[a-z]+/g) ?? [])];
}

describe('stemEnglish', () => {
  it('agrees with Postgres english_stem word for word, stopwords included', async () => {
    const list = [...words(PROSE), ...ENGLISH_STOPWORDS];
    const r = await db.query<{ w: string; l: string[] }>(`select w, ts_lexize('english_stem', w) as l from unnest($1::text[]) w`, [list]);
    const mismatches = r.rows
      .map((row) => ({ w: row.w, pg: row.l[0] ?? null, js: ENGLISH_STOPWORDS.has(row.w) ? null : stemEnglish(row.w) }))
      .filter((x) => x.pg !== x.js);
    expect(mismatches).toEqual([]);
    expect(r.rows.length).toBeGreaterThan(250);
  });

  it('leaves short, non-Latin and odd words alone without throwing', () => {
    expect(stemEnglish('a')).toBe('a');
    expect(stemEnglish('is')).toBe('is');
    expect(stemEnglish('任务')).toBe('任务');
    expect(stemEnglish('123456')).toBe('123456');
    expect(stemEnglish('x'.repeat(10_000))).toHaveLength(10_000);
    expect(stemEnglish('hasOwnProperty'.toLowerCase())).toBe('hasownproperti');
  });
});

async function pgVector(text: string): Promise<string> {
  return (await db.query<{ v: string }>(`select to_tsvector('english', $1)::text as v`, [text])).rows[0]!.v;
}

async function jsVector(text: string): Promise<string> {
  return (await db.query<{ v: string }>(`select $1::tsvector::text as v`, [tsvectorLiteral(text)])).rows[0]!.v;
}

describe('tsvectorLiteral', () => {
  it('equals to_tsvector(english) on plain prose, positions included', async () => {
    const text = 'The quick brown foxes were jumping over the lazy dogs, and the dogs kept sleeping. Relational databases!';
    expect(await jsVector(text)).toBe(await pgVector(text));
    const sentence = PROSE.replace(/[;.,]/g, ' ');
    expect(await jsVector(sentence)).toBe(await pgVector(sentence));
  });

  it('splits at every punctuation mark where Postgres keeps hosts, files and compounds', async () => {
    const v = await jsVector('See notes.md, state-of-the-art and https://example.com/a_b');
    expect(v).toBe("'art':7 'b':13 'com':11 'exampl':10 'https':9 'md':3 'note':2 'see':1 'state':4");
  });

  it('is empty for empty, stopword-only and punctuation-only text', async () => {
    for (const t of ['', '   ', 'the and of it', '!!! ??? --- ...', '\u0000\u0001']) {
      expect(tsvectorLiteral(t)).toBe('');
      expect(await jsVector(t)).toBe('');
    }
  });

  it('keeps CJK words and bigrams from the segmenter, and accented and mixed scripts', async () => {
    const v = await jsVector(segmentForIndex('后台任务 Café ÉCOLE naïve Привет мир'));
    expect(v).toContain("'后台'");
    expect(v).toContain("'台任'");
    expect(v).toContain("'café'");
    expect(v).toContain("'école'");
    expect(v).toContain("'привет'");
  });

  it('stays within Postgres limits on pathological input', async () => {
    const many = Array.from({ length: 40_000 }, (_, i) => `w${i % 500}`).join(' ');
    const v = await jsVector(many);
    // 80 positions each at most; positions past 16383 clamp instead of failing.
    expect(v.split(' ').length).toBe(500);
    expect((await jsVector('word '.repeat(20_000))).split(',').length).toBe(256);
    expect(await jsVector(`${'filler '.repeat(20_000)} late`)).toMatch(/'late':16383$/);
    // Over-long tokens are dropped, not sent as oversized lexemes.
    expect(await jsVector(`${'a'.repeat(3000)} ok`)).toBe("'ok':2");
    // Quotes and backslashes separate words; nothing can break out of the literal.
    expect(await jsVector(`it's o'clock \\' back\\slash 'quoted'`)).toBe("'back':5 'clock':4 'o':3 'quot':7 'slash':6");
    // Binary-looking junk parses.
    const junk = String.fromCharCode(...Array.from({ length: 3000 }, (_, i) => (i * 7919) % 0xd7ff));
    await expect(jsVector(junk)).resolves.toBeTypeOf('string');
  });

  it('reports positions that count stopwords', () => {
    const seen: [string, number][] = [];
    forEachLexeme('The cats of the house', (l, p) => seen.push([l, p]));
    expect(seen).toEqual([
      ['cat', 2],
      ['hous', 5],
    ]);
  });
});

describe('weightedTsvectorLiteral', () => {
  it('labels each field\'s positions, runs positions on across fields and parses in Postgres', async () => {
    const lit = weightedTsvectorLiteral([
      { text: 'Zebra care', label: 'A' },
      { text: 'Feeding', label: 'B' },
      { text: 'the zebra eats grass', label: 'D' },
    ]);
    const v = (await db.query<{ v: string }>(`select $1::tsvector::text as v`, [lit])).rows[0]!.v;
    expect(v).toBe("'care':2A 'eat':8 'feed':4B 'grass':9 'zebra':1A,7");
    // Only D text: the same as the unweighted literal.
    expect(weightedTsvectorLiteral([{ text: 'the zebra eats grass', label: 'D' }])).toBe(tsvectorLiteral('the zebra eats grass'));
  });

  it('never matches a phrase across the seam of two fields', async () => {
    const lit = weightedTsvectorLiteral([
      { text: 'big', label: 'A' },
      { text: 'house', label: 'D' },
    ]);
    const m = await db.query<{ seam: boolean; word: boolean }>(
      `select $1::tsvector @@ $2::tsquery as seam, $1::tsvector @@ $3::tsquery as word`,
      [lit, websearchTsquery('"big house"'), websearchTsquery('big house')],
    );
    expect(m.rows[0]).toEqual({ seam: false, word: true });
  });

  it('gives ts_rank_cd of one term the sum of its occurrences\' label weights', async () => {
    const lit = weightedTsvectorLiteral([
      { text: 'zebra', label: 'A' },
      { text: 'zebra zebra', label: 'D' },
    ]);
    const r = await db.query<{ r: number }>(`select ts_rank_cd('{0.1,0.2,0.4,1}'::float4[], $1::tsvector, 'zebra'::tsquery) as r`, [lit]);
    expect(r.rows[0]!.r).toBeCloseTo(1.2, 5);
  });
});

async function matches(doc: string, query: string): Promise<boolean> {
  const q = websearchTsquery(query);
  const r = await db.query<{ m: boolean }>(`select $1::tsvector @@ $2::tsquery as m`, [tsvectorLiteral(doc), q]);
  return r.rows[0]!.m;
}

describe('websearchTsquery', () => {
  it('builds the same query text as websearch_to_tsquery for ordinary queries', async () => {
    for (const q of ['sad cat or fat rat -dog', '"the big house" running', 'cats or', 'or cats', '-"quick foxes" jumped', 'a lot of the notes']) {
      const pg = (await db.query<{ q: string }>(`select websearch_to_tsquery('english', $1)::text as q`, [q])).rows[0]!.q;
      const js = (await db.query<{ q: string }>(`select $1::tsquery::text as q`, [websearchTsquery(q)])).rows[0]!.q;
      expect(js).toBe(pg);
    }
  });

  it('matches documents the way web search syntax reads', async () => {
    const doc = 'The workers were processing background jobs from the queue in notes.md';
    expect(await matches(doc, 'worker queue')).toBe(true);
    expect(await matches(doc, 'worker unicorn')).toBe(false);
    expect(await matches(doc, 'worker or unicorn')).toBe(true);
    expect(await matches(doc, 'worker -queue')).toBe(false);
    expect(await matches(doc, '"background jobs"')).toBe(true);
    expect(await matches(doc, '"jobs background"')).toBe(false);
    expect(await matches(doc, '"jobs from the queue"')).toBe(true);
    expect(await matches(doc, '"jobs the queue"')).toBe(false);
    expect(await matches(doc, 'notes.md')).toBe(true);
    expect(await matches(doc, 'md.notes')).toBe(false);
    expect(await matches(doc, 'worker -"background jobs"')).toBe(false);
    expect(await matches(doc, 'worker - "background jobs"')).toBe(true);
  });

  it('matches CJK substrings through the segmented bigram phrases', async () => {
    const doc = segmentForIndex('我们把后台任务交给工作进程处理');
    expect(await matches(doc, segmentQuery('后台任务'))).toBe(true);
    expect(await matches(doc, segmentQuery('台任务交'))).toBe(true);
    expect(await matches(doc, segmentQuery('任务后台'))).toBe(false);
  });

  it('returns an empty query when nothing is searchable, and never an invalid one', async () => {
    for (const q of ['', 'the', 'or or', '- -- ---', '""', '"', 'and or the']) expect(websearchTsquery(q)).toBe('');
    const nasty = [
      "a & | ! <-> :* () ' \\ \"",
      "')); drop table x; --",
      'x:* | !y & (z <2> w)',
      '"unclosed phrase with words',
      '-a -b -"c d" or or e or',
      'a'.repeat(5000),
      Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' or '),
    ];
    for (const q of nasty) {
      const literal = websearchTsquery(q);
      await expect(db.query(`select $1::tsquery`, [literal])).resolves.toBeDefined();
    }
    expect(websearchTsquery("Obsidian's vault")).toBe("'obsidian' & 'vault'");
  });
});
