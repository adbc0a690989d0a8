// The keyword arm's ranker: BM25 over chunks' full-text vectors, with the corpus statistics it needs (chunk
// count, mean length, per-term document frequency) cached until the store changes.
import type { ChunkHit, KeywordSearchOptions, SearchFilters } from '../brain-engine';
import { FIELD_WEIGHTS } from '../../text/search-fields';
import { websearchTsquery } from '../../text/tsquery';
import { CHUNK_HIT_COLUMNS, toChunkHit, type ChunkHitRow } from './chunk-hits';
import { clean } from './pg-text';
import { orQuery, positiveTerms } from './query-text';
import { filterConditions } from './sql-filters';
import { limitOf, SOURCE, type SqlTx } from './sql';

/** BM25 term-frequency saturation and length normalisation (the usual defaults). */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** A word in more chunks than this (and than 1% of them) only scores candidates found by rarer words. */
const KEYWORD_COMMON_MIN_DF = 500;
const KEYWORD_COMMON_SHARE = 0.01;
const SINGLE_HAN = /^\p{Script=Han}$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/**
 * Coordination: a chunk's BM25 sum is multiplied by (IDF of the query words it holds / IDF of all of them) to this
 * power, so a chunk holding every word leads (what AND-then-OR did) while one holding the rarest words still beats
 * one holding only common ones (what AND-then-OR lost: a long question's OR fallback buried its rare words).
 */
const COVERAGE_POWER = 1;
/** Candidates scored by every word of the query. */
const KEYWORD_CANDIDATES = 150;
/**
 * A term's count in a chunk is the sum of its occurrences' field weights (a title word counts FIELD_WEIGHTS.A
 * body words), then BM25 normalises it by the chunk's length and saturates it. ts_rank_cd of the term alone
 * gives that sum (weights must be <= 1, so they are scaled to the largest and the sum scaled back).
 *
 * Measured on the dev halves of issue 10's blind sets against BM25F proper (the note-level fields not length
 * normalised, so a short chunk that only inherits the title cannot outrank the chunk that says the word): equal
 * in sum over six sets (R@5 4.98 vs 4.97, MRR 4.29 vs 4.29), but fuzzy descriptions R@5 0.788 vs 0.712 and
 * English paraphrases 0.735 vs 0.721, so the simpler form stays.
 */
const MAX_FIELD_WEIGHT = Math.max(...Object.values(FIELD_WEIGHTS));
const LABEL_WEIGHTS = `'{${(['D', 'C', 'B', 'A'] as const).map((l) => FIELD_WEIGHTS[l] / MAX_FIELD_WEIGHT).join(',')}}'::float4[]`;
const termCount = (tsv: string, tq: string): string => `ts_rank_cd(${LABEL_WEIGHTS}, ${tsv}, ${tq}) * ${MAX_FIELD_WEIGHT}`;
/** SQL for the BM25 term score from `tf` (the term's weighted count) and `len` (the chunk's length). */
const bm25 = (tf: string, len: string): string =>
  `(${tf} * ${BM25_K1 + 1} / (${tf} + ${BM25_K1} * (${1 - BM25_B} + ${BM25_B} * ${len} / $5::float8)))`;
/** Cached document frequencies kept at most: questions are varied, and a long-running plugin must not grow. */
const MAX_CACHED_TERMS = 50_000;

/** Marks a term searched as a prefix (internal to the ranker). */
const PREFIX = '*';
/** Latin words of three letters or more may be searched as a prefix when no chunk holds them whole. */
const PARTIAL_WORD = /^\p{Script=Latin}{3,}$/u;

/** The tsquery of one ranked term: its lexemes, or for a prefix term its lexeme with `:*` ('' when none). */
function termQuery(term: string): string {
  if (!term.endsWith(PREFIX)) return websearchTsquery(term);
  const q = websearchTsquery(term.slice(0, -PREFIX.length));
  return /^'[^' ]+'$/.test(q) ? `${q}:*` : '';
}

const HAN_BIGRAM = /^\p{Script=Han}{2}$/u;

/** BM25's inverse document frequency of a term held by `df` of `n` chunks. */
function bm25Idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * A term's IDF; a Han bigram's is at most the sum of its two characters' IDFs. That sum is the IDF the pair would
 * have if its characters fell into chunks independently: a real word is a collocation, found next to each other
 * at least that often, while a bigram much rarer than its characters' chance meeting is an accidental pair that
 * crossed a word boundary (都能, 好的, 出来, 文字 among 文件 and 字数) and would otherwise count as a rare topic
 * word. `charDf` holds the characters' document frequencies.
 */
export function bigramIdf(term: string, df: number, n: number, charDf: ReadonlyMap<string, number>): number {
  const idf = bm25Idf(df, n);
  if (!HAN_BIGRAM.test(term)) return idf;
  const [a, b] = Array.from(term) as [string, string];
  const da = charDf.get(a);
  const db = charDf.get(b);
  if (da === undefined || db === undefined || da === 0 || db === 0) return idf;
  return Math.min(idf, bm25Idf(da, n) + bm25Idf(db, n));
}

interface TermStats {
  n: number;
  avgLen: number;
  df: Map<string, number>;
}

export class KeywordRanker {
  private cache: (TermStats & { generation: number }) | null = null;

  /** `generation` changes with every write to the store; cached statistics are dropped when it does. */
  constructor(
    private readonly db: SqlTx,
    private readonly generation: () => number,
  ) {}

  async search(options: KeywordSearchOptions): Promise<ChunkHit[]> {
    const text = clean(options.mode === 'or' ? orQuery(options.tsquery) : options.tsquery).trim();
    const limit = limitOf(options.limit, 20);
    if (text === '' || limit === 0) return [];
    const stats = await this.termStats(positiveTerms(text));
    if (options.mode === 'or') {
      // A word no chunk holds is often cut short ("VP eng", "outlin"): it is searched as a prefix instead.
      const partial = [...stats.df].filter(([t, df]) => df === 0 && PARTIAL_WORD.test(t)).map(([t]) => `${t}${PREFIX}`);
      if (partial.length > 0) for (const [t, df] of (await this.termStats(partial)).df) stats.df.set(t, df);
    }
    const terms = [...stats.df].filter(([, df]) => df > 0);
    if (terms.length === 0) return [];
    const chars = [...new Set(terms.flatMap(([t]) => (HAN_BIGRAM.test(t) ? Array.from(t) : [])))];
    const charDf = chars.length > 0 ? (await this.termStats(chars)).df : new Map<string, number>();
    const commonDf = Math.max(KEYWORD_COMMON_MIN_DF, stats.n * KEYWORD_COMMON_SHARE);
    // A single Han character (text/segment.ts hanUnigrams) only scores what words and bigrams found, unless
    // nothing longer matched: as a candidate source it read hundreds of chunks per character (blind Chinese help,
    // ~6x slower per query).
    const longer = terms.some(([t]) => !SINGLE_HAN.test(t));
    const rare = terms.map(([t, df]) => df <= commonDf && !(longer && SINGLE_HAN.test(t)));
    // Coverage counts the question's own words: not an expansion, and not CJK terms (a question's overlapping
    // bigrams and characters are not separate words, and its answer often shares only some of them).
    const expansions = new Set(options.expansions ?? []);
    const core = terms.map(([t]) => !CJK.test(t) && !expansions.has(t));
    const idf = terms.map(([t, df]) => bigramIdf(t, df, stats.n, charDf));
    const rank = (q: string, sources: boolean[], source: 'rare' | 'all'): Promise<ChunkHit[]> =>
      this.rank(q, terms, idf, sources, core, stats, limit, options.filters, source);
    if (options.mode === 'and') return rank(text, rare, 'all');
    if (rare.some(Boolean)) return rank(text, rare, 'rare');
    // Every word is common: chunks holding all of them, else the rarest word's chunks.
    const all = await rank(terms.map(([t]) => t).join(' '), rare, 'all');
    if (all.length > 0) return all;
    const rarest = terms.reduce((best, t, i) => (t[1] < (terms[best]?.[1] ?? Infinity) ? i : best), 0);
    return rank(text, rare.map((_, i) => i === rarest), 'rare');
  }

  /**
   * BM25 over chunks with field weights (see termCount). Measured on the Obsidian Help eval set against ts_rank_cd of the whole OR query, which
   * has no notion of a rare word: R@5 0.49 -> 0.79 with the simple config, 0.84 with the english one.
   *
   * Reading every chunk of a common word costs ~10 µs a row (the tsvector is de-toasted), which on a 10k-note
   * vault is 100+ ms for one word, so candidates come from the rare words (`rare`: the best KEYWORD_CANDIDATES
   * by their own score) or, for `all`, from the chunks matching the whole websearch text (`text`, shortest
   * first); then every word scores just those candidates.
   *
   * The candidates' term counts come from a lateral subquery with `offset 0`: without that fence the planner
   * pulls the subquery up and evaluates ts_rank_cd twice per candidate and term (once for `tf > 0`, once inside
   * the sum), each call de-toasting the chunk's tsvector again. 10k vault, fast mode, the 200 bench queries warm
   * and interleaved with and without it in one process (load ~17): keywordSearch CPU 9.6 -> 7.9 ms a search;
   * the whole search's CPU p50 15.3 -> 14.7 ms, mean 19.9 -> 17.2 ms.
   */
  private async rank(
    text: string,
    terms: [string, number][],
    idf: number[],
    rare: boolean[],
    core: boolean[],
    stats: { n: number; avgLen: number },
    limit: number,
    filters: SearchFilters | undefined,
    source: 'rare' | 'all',
  ): Promise<ChunkHit[]> {
    const query = websearchTsquery(text);
    if (source === 'all' && query === '') return [];
    const params: unknown[] = [query, terms.map(([t]) => termQuery(t)), idf, rare, Math.max(1, stats.avgLen), Math.max(KEYWORD_CANDIDATES, limit * 2)];
    const where = filterConditions(filters, params);
    params.push(core, idf.reduce((a, b, i) => a + (core[i] ? b : 0), 0) + 1, COVERAGE_POWER);
    const coreParam = params.length - 2;
    // Smoothed by one unit of IDF, so a chunk holding only characters or expansions still orders by its BM25.
    const coverage = `power((coalesce(sum(t.idf) filter (where t.core), 0) + 1) / $${params.length - 1}::float8, $${params.length}::float8)`;
    params.push(limit);
    const candidates =
      source === 'rare'
        ? `select x.id from t, lateral (
             select c.id, c.token_estimate as len, ${termCount('c.tsv_en', 't.tq')} as tf
             from chunks c join pages p on p.source_id = c.source_id and p.path = c.page
             where c.tsv_en @@ t.tq and c.source_id = ${SOURCE} ${where}
           ) x where t.rare group by x.id order by sum(t.idf * ${bm25('x.tf', 'x.len')}) desc, x.id limit $6`
        : `select c.id from chunks c join pages p on p.source_id = c.source_id and p.path = c.page, cast($1::text as tsquery) as q
           where c.tsv_en @@ q and c.source_id = ${SOURCE} ${where} order by c.token_estimate, c.id limit $6`;
    const r = await this.db.query<ChunkHitRow>(
      `with t as (
         select u.idf, u.rare, u.core, u.term::tsquery as tq
         from unnest($2::text[], $3::float8[], $4::bool[], $${coreParam}::bool[]) as u(term, idf, rare, core)
       ), cand as (${candidates}
       ), m as (
         select cand.id, sum(t.idf * ${bm25('y.tf', 'c.token_estimate')}) * ${coverage} as rank
         from cand join chunks c on c.id = cand.id cross join t cross join lateral (select ${termCount('c.tsv_en', 't.tq')} as tf offset 0) y
         where y.tf > 0 group by cand.id
       )
       select ${CHUNK_HIT_COLUMNS}, m.rank from m join chunks c on c.id = m.id join pages p on p.source_id = c.source_id and p.path = c.page
       where $1::text is not null order by m.rank desc, c.id limit $${params.length}`,
      params,
    );
    return r.rows.map(toChunkHit);
  }

  /**
   * Chunk count, mean chunk length and per-term document frequency for BM25, cached until the next write
   * (a vault changes far less often than it is searched). Counted over every source in the database: one
   * source's own figures would cost a heap visit per matching chunk (the full-text index holds no source), and
   * shared statistics keep scores comparable when a search spans sources.
   */
  private async termStats(terms: string[]): Promise<TermStats> {
    const generation = this.generation();
    if (this.cache === null || this.cache.generation !== generation) {
      // From the per-page totals (schema 9): the same figures as count/avg over chunks without reading them all.
      const r = await this.db.query<{ n: number; a: number }>(
        `select coalesce(sum(chunks), 0)::int as n, coalesce(sum(tokens)::float8 / nullif(sum(chunks), 0), 0)::float8 as a
         from page_chunk_stats`,
      );
      this.cache = { generation, n: r.rows[0]?.n ?? 0, avgLen: Number(r.rows[0]?.a ?? 0), df: new Map() };
    }
    const cache = this.cache;
    const unknown: string[] = [];
    const queries: string[] = [];
    for (const t of terms) {
      if (cache.df.has(t)) continue;
      const q = termQuery(t);
      // Only stopwords or punctuation: matches nothing, and Postgres would log a notice for the empty query.
      if (q === '') cache.df.set(t, 0);
      else {
        unknown.push(t);
        queries.push(q);
      }
    }
    if (unknown.length > 0) {
      const r = await this.db.query<{ term: string; df: number }>(
        // The tsquery is cast once per term (in FROM), so the count is a GIN lookup, not a per-row call.
        `select u.term, (select count(*) from chunks c where c.tsv_en @@ u.q)::int as df
         from unnest($1::text[], $2::tsquery[]) as u(term, q)`,
        [unknown, queries],
      );
      for (const row of r.rows) cache.df.set(row.term, row.df);
    }
    const df = new Map(terms.map((t) => [t, cache.df.get(t) ?? 0]));
    // Cleared after this query's counts are read, so the query that overflows the cache still ranks.
    if (cache.df.size > MAX_CACHED_TERMS) cache.df.clear();
    return { n: cache.n, avgLen: cache.avgLen, df };
  }
}
