// The keyword arm's ranker: BM25 over chunks' full-text vectors, with the corpus statistics it needs (chunk
// count, mean length, per-term document frequency) cached until the store changes.
import type { ChunkHit, KeywordSearchOptions, SearchFilters } from '../brain-engine';
import { FIELD_WEIGHTS } from '../../text/search-fields';
import { websearchTsquery } from '../../text/tsquery';
import { CHUNK_HIT_COLUMNS, toChunkHit, type ChunkHitRow } from './chunk-hits';
import { clean } from './pg-text';
import { orQuery, positiveTerms } from './query-text';
import { filterConditions } from './sql-filters';
import { limitOf, type SqlTx } from './sql';

/** BM25 term-frequency saturation and length normalisation (the usual defaults). */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** A word in more chunks than this (and than 1% of them) only scores candidates found by rarer words. */
const KEYWORD_COMMON_MIN_DF = 500;
const KEYWORD_COMMON_SHARE = 0.01;
const SINGLE_HAN = /^\p{Script=Han}$/u;
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
    const terms = [...stats.df].filter(([, df]) => df > 0);
    if (terms.length === 0) return [];
    const commonDf = Math.max(KEYWORD_COMMON_MIN_DF, stats.n * KEYWORD_COMMON_SHARE);
    // A single Han character (text/segment.ts hanUnigrams) only scores what words and bigrams found, unless
    // nothing longer matched: as a candidate source it read hundreds of chunks per character (blind Chinese help,
    // ~6x slower per query).
    const longer = terms.some(([t]) => !SINGLE_HAN.test(t));
    const rare = terms.map(([t, df]) => df <= commonDf && !(longer && SINGLE_HAN.test(t)));
    if (options.mode === 'and') return this.rank(text, terms, rare, stats, limit, options.filters, 'all');
    if (rare.some(Boolean)) return this.rank(text, terms, rare, stats, limit, options.filters, 'rare');
    // Every word is common: chunks holding all of them, else the rarest word's chunks.
    const all = await this.rank(terms.map(([t]) => t).join(' '), terms, rare, stats, limit, options.filters, 'all');
    if (all.length > 0) return all;
    const rarest = terms.reduce((best, t, i) => (t[1] < (terms[best]?.[1] ?? Infinity) ? i : best), 0);
    return this.rank(text, terms, rare.map((_, i) => i === rarest), stats, limit, options.filters, 'rare');
  }

  /**
   * BM25 over chunks with field weights (see termCount). Measured on the Obsidian Help eval set against ts_rank_cd of the whole OR query, which
   * has no notion of a rare word: R@5 0.49 -> 0.79 with the simple config, 0.84 with the english one.
   *
   * Reading every chunk of a common word costs ~10 µs a row (the tsvector is de-toasted), which on a 10k-note
   * vault is 100+ ms for one word, so candidates come from the rare words (`rare`: the best KEYWORD_CANDIDATES
   * by their own score) or, for `all`, from the chunks matching the whole websearch text (`text`, shortest
   * first); then every word scores just those candidates.
   */
  private async rank(
    text: string,
    terms: [string, number][],
    rare: boolean[],
    stats: { n: number; avgLen: number },
    limit: number,
    filters: SearchFilters | undefined,
    source: 'rare' | 'all',
  ): Promise<ChunkHit[]> {
    const idf = terms.map(([, df]) => Math.log(1 + (stats.n - df + 0.5) / (df + 0.5)));
    const query = websearchTsquery(text);
    if (source === 'all' && query === '') return [];
    const params: unknown[] = [query, terms.map(([t]) => websearchTsquery(t)), idf, rare, Math.max(1, stats.avgLen), Math.max(KEYWORD_CANDIDATES, limit * 2)];
    const where = filterConditions(filters, params);
    params.push(limit);
    const candidates =
      source === 'rare'
        ? `select x.id from t, lateral (
             select c.id, c.token_estimate as len, ${termCount('c.tsv_en', 't.tq')} as tf
             from chunks c join pages p on p.path = c.page where c.tsv_en @@ t.tq ${where}
           ) x where t.rare group by x.id order by sum(t.idf * ${bm25('x.tf', 'x.len')}) desc, x.id limit $6`
        : `select c.id from chunks c join pages p on p.path = c.page, cast($1::text as tsquery) as q
           where c.tsv_en @@ q ${where} order by c.token_estimate, c.id limit $6`;
    const r = await this.db.query<ChunkHitRow>(
      `with t as (
         select u.idf, u.rare, u.term::tsquery as tq
         from unnest($2::text[], $3::float8[], $4::bool[]) as u(term, idf, rare)
       ), cand as (${candidates}
       ), m as (
         select cand.id, sum(t.idf * ${bm25('y.tf', 'c.token_estimate')}) as rank
         from cand join chunks c on c.id = cand.id cross join t cross join lateral (select ${termCount('c.tsv_en', 't.tq')} as tf) y
         where y.tf > 0 group by cand.id
       )
       select ${CHUNK_HIT_COLUMNS}, m.rank from m join chunks c on c.id = m.id join pages p on p.path = c.page
       where $1::text is not null order by m.rank desc, c.id limit $${params.length}`,
      params,
    );
    return r.rows.map(toChunkHit);
  }

  /**
   * Chunk count, mean chunk length and per-term document frequency for BM25, cached until the next write
   * (a vault changes far less often than it is searched).
   */
  private async termStats(terms: string[]): Promise<TermStats> {
    const generation = this.generation();
    if (this.cache === null || this.cache.generation !== generation) {
      // From the per-page totals (schema 8): the same figures as count/avg over chunks without reading them all.
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
      const q = websearchTsquery(t);
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
