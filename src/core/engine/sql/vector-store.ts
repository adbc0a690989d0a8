// The embedding store the embed queue drives (pending chunks, vector writes, skips) and the vector indexes'
// lifecycle: one partial HNSW index per dimension count, built once enough vectors exist and, during a run,
// once at its end (finishEmbedding); below the threshold vector search scans exactly.
import type { ChunkHit, SaveEmbeddingsOptions, VectorSearchOptions } from '../brain-engine';
import { CHUNK_HIT_COLUMNS, toChunkHit, type ChunkHitRow } from './chunk-hits';
import { MAX_INDEXED_DIMS } from './schema';
import { filterConditions } from './sql-filters';
import { limitOf, SOURCE, type QueryOptions, type Sql, type SqlTx } from './sql';

/**
 * Below this many embedded chunks of one model and dims, vector search scans exactly and no HNSW index is
 * built. Measured on subsets of the 10k-note bench vault (built-in 100-d vectors, 50 nearest, Node 20):
 * exact scan p50 3 ms at 1k, 6.5 ms at 2.5k, 12 ms at 5k, 24 ms at 10k, 40 ms at 19k; HNSW 2-3.5 ms at every
 * size, built in 0.3 s (2.5k), 0.6 s (5k), 1.6 s (10k), 3.2 s (19k), ~10 s (47k). Below ~5k the exact scan
 * is fast enough for the 30 ms query budget and has perfect recall, so 5000 is the default. (Earlier, 384-d
 * random vectors: exact 34 ms at 2k, 58-130 ms at 5k.)
 */
export const DEFAULT_EXACT_SCAN_THRESHOLD = 5000;
/**
 * HNSW graph degree and build-time candidate list, below pgvector's defaults (16, 64), with a wider search
 * list at query time to pay the recall back. Measured on the 10k-note bench vault (47k x 100-d, built-in
 * embedder; recall of the 50 nearest against an exact scan): defaults build in 17-20 s of CPU, recall 0.91 at
 * ef_search 50; (12, 40) builds in 9-12 s, recall 0.94 at ef_search 100 for the same ~4 ms query CPU.
 */
const HNSW_M = 12;
const HNSW_EF_CONSTRUCTION = 40;
const HNSW_MIN_EF_SEARCH = 100;

/** Sets the vectors of chunks `$3` (ids) to `$4` (one `vector[]`, same order) for model `$1` and dims `$2`. */
export const SAVE_VECTORS_SQL = `update chunks c set embedding = u.v, embed_dims = $2, embedding_model = $1
  from unnest($3::int[], $4::vector[]) as u(id, v) where c.source_id = ${SOURCE} and c.id = u.id`;

/**
 * Vectors (null for none) as one `vector[]` query parameter in whatever form the engine's driver sends cheapest
 * (PGlite: one binary array; a server driver: text literals), with the query options that form needs. Validates
 * every vector's size and values.
 */
export type VectorArrayParam<Tx extends SqlTx> = (
  tx: Tx,
  vectors: readonly (Float32Array | null)[],
  dims: number,
) => Promise<{ value: unknown; options?: QueryOptions }>;

/** Vectors as text literals (the form any driver can send; ~10x the CPU of binary). */
export const textVectorParam: VectorArrayParam<SqlTx> = async (_tx, vectors, dims) => ({
  value: vectors.map((v) => (v === null ? null : vectorLiteral(v, dims))),
});

export interface VectorStoreHost<Tx extends SqlTx> {
  readonly db: Sql<Tx>;
  /** Changes with every write to the store (cache key). */
  generation(): number;
  /** Runs `fn` as one write transaction of the engine (caches dropped, durability applied). */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  vectorParam: VectorArrayParam<Tx>;
}

export function validDims(dims: number): number {
  if (!Number.isInteger(dims) || dims < 1 || dims > 16000) throw new Error(`invalid embedding dims ${dims}`);
  return dims;
}

/** A pgvector text literal (`[1,2,3]`), validated. */
export function vectorLiteral(v: Float32Array, dims: number): string {
  if (v.length !== dims) throw new Error(`vector has ${v.length} dims, expected ${dims}`);
  for (const x of v) if (!Number.isFinite(x)) throw new Error('vector contains a non-finite value');
  return `[${Array.from(v).join(',')}]`;
}

export class VectorStore<Tx extends SqlTx> {
  exactScanThreshold: number;
  private indexedDims = new Set<number>();
  private deferredIndexDims = new Set<number>();
  private embeddedCounts = new Map<string, { generation: number; n: number }>();
  /** Chunk rows written (inserted, or rewritten by embedding writes) since the full-text indexes' pending lists were merged. */
  private chunkWritesSinceGinClean = 0;

  constructor(
    private readonly host: VectorStoreHost<Tx>,
    exactScanThreshold = DEFAULT_EXACT_SCAN_THRESHOLD,
  ) {
    this.exactScanThreshold = exactScanThreshold;
  }

  /** Reads which HNSW indexes exist (once, on open). */
  async load(): Promise<void> {
    const r = await this.host.db.query<{ name: string }>(
      `select indexname as name from pg_indexes
       where schemaname = current_schema() and tablename = 'chunks' and indexname like 'chunks_hnsw_%'`,
    );
    this.indexedDims = new Set(r.rows.map((x) => Number(x.name.slice('chunks_hnsw_'.length))));
  }

  async countPending(modelId: string): Promise<number> {
    const r = await this.host.db.query<{ n: number }>(
      `select count(*)::int as n from chunks where source_id = ${SOURCE} and embedding_model is distinct from $1`,
      [modelId],
    );
    return r.rows[0]?.n ?? 0;
  }

  /**
   * The text embedded is the heading path plus the chunk text, so a chunk keeps its section's context.
   * Keyset paging (`id > afterId`) walks the primary key once per run; re-asking for "the first pending
   * chunks" re-read every chunk embedded so far on each call (quadratic: ~16 s of 66 s on a 10k-note vault).
   */
  async nextPending(modelId: string, limit: number, afterId?: number): Promise<{ id: number; text: string }[]> {
    const max = limitOf(limit, 100);
    // Chunk ids are int4; a cursor outside that range means "before the first" or "after the last".
    const after = afterId !== undefined && !Number.isNaN(afterId) ? Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.floor(afterId))) : null;
    const r = await this.host.db.query<{ id: number; text: string }>(
      `select id, case when heading = '' then text else heading || E'\\n\\n' || text end as text
       from chunks where source_id = ${SOURCE} and ($3::int is null or id > $3) and embedding_model is distinct from $1
       order by id limit $2`,
      [modelId, max, after],
    );
    return r.rows;
  }

  async saveEmbeddings(
    modelId: string,
    dims: number,
    rows: { id: number; vector: Float32Array }[],
    options: SaveEmbeddingsOptions = {},
  ): Promise<void> {
    validDims(dims);
    if (rows.length === 0) return;
    const vectors = rows.map((r) => r.vector);
    await this.host.write(async (tx) => {
      const param = await this.host.vectorParam(tx, vectors, dims);
      await tx.query(SAVE_VECTORS_SQL, [modelId, dims, rows.map((r) => r.id), param.value], param.options);
    });
    this.chunkWritesSinceGinClean += rows.length;
    // Vectors do not change row counts, so no ANALYZE here (it cost ~10 s of CPU per 10k-note run); the
    // index build below analyzes what vector search plans with.
    // Building the HNSW index once over all vectors is ~3x faster than building it at the threshold and then
    // inserting the rest one by one (measured, 47k x 100-d: 21 s bulk against ~60 s of inserts). So while an
    // embedding run has more to write, the build waits for finishEmbedding; until then (or if the run is cut
    // short) vector search scans exactly, which is correct, only slower.
    if (options.morePending === true && !this.indexedDims.has(dims)) this.deferredIndexDims.add(dims);
    else await this.ensureIndex(dims);
  }

  async markSkipped(modelId: string, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.host.write((tx) =>
      tx.query(`update chunks set embedding = null, embed_dims = null, embedding_model = $1 where source_id = ${SOURCE} and id = any($2::int[])`, [
        modelId,
        ids,
      ]),
    );
    this.chunkWritesSinceGinClean += ids.length;
  }

  /**
   * Chunk rows were written by page writes, `dims` when some carried vectors (a local embedder computes them with
   * the pages): the vector index for those dims waits for finishEmbedding, like vectors the queue writes.
   */
  chunksWritten(rows: number, dims: number | null): void {
    this.chunkWritesSinceGinClean += rows;
    if (dims !== null && !this.indexedDims.has(dims)) this.deferredIndexDims.add(dims);
  }

  /** The store was emptied: cached counts go with it. */
  cleared(): void {
    this.embeddedCounts.clear();
  }

  /** An embedding run has ended with nothing pending: build the vector indexes that waited for it, tidy the full-text indexes. */
  async finishEmbedding(): Promise<void> {
    for (const dims of [...this.deferredIndexDims]) await this.ensureIndex(dims);
    if (this.chunkWritesSinceGinClean === 0) return;
    // Each chunk insert, and each vector write (it rewrites its chunk row), puts the row's full-text entries in the
    // GIN pending list (up to 4 MB), which every keyword query then scans: measured on the 10k-note vault, query
    // p50 31 ms with the list left full, 20 ms after merging it (~0.8 s, once per run). Only the index's owner may
    // merge it: a least-privilege writer on a server leaves that to autovacuum, which merges it too.
    await this.host.db.query(
      `select gin_clean_pending_list(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid
       join pg_am a on a.oid = c.relam where i.indrelid = 'chunks'::regclass and a.amname = 'gin'
         and pg_has_role(c.relowner, 'USAGE')`,
    );
    this.chunkWritesSinceGinClean = 0;
  }

  async vectorSearch(options: VectorSearchOptions): Promise<ChunkHit[]> {
    const dims = validDims(options.vector.length);
    const limit = limitOf(options.limit, 20);
    if (limit === 0) return [];
    const params: unknown[] = [vectorLiteral(options.vector, dims), options.modelId];
    const where = filterConditions(options.filters, params);
    params.push(limit);
    const base = `from chunks c join pages p on p.source_id = c.source_id and p.path = c.page
       where c.source_id = ${SOURCE} and c.embed_dims = ${dims} and c.embedding_model = $2 and c.embedding is not null ${where}`;

    if (!(await this.useIndex(options.modelId, dims))) {
      // No dims cast: the expression differs from the partial index's, so this is an exact scan.
      const r = await this.host.db.query<ChunkHitRow>(
        `select ${CHUNK_HIT_COLUMNS}, 1 - (c.embedding <=> $1::vector) as rank ${base}
         order by c.embedding <=> $1::vector, c.id limit $${params.length}`,
        params,
      );
      return r.rows.map(toChunkHit);
    }
    return this.host.db.transaction(async (tx) => {
      // Iterative scans keep filtered HNSW queries from returning fewer rows than asked for.
      await tx.exec(`set local hnsw.ef_search = ${Math.min(1000, Math.max(HNSW_MIN_EF_SEARCH, limit * 2))}`);
      await tx.exec(`set local hnsw.iterative_scan = relaxed_order`);
      const r = await tx.query<ChunkHitRow>(
        `select * from (
           select ${CHUNK_HIT_COLUMNS}, 1 - (c.embedding::vector(${dims}) <=> $1::vector(${dims})) as rank ${base}
           order by c.embedding::vector(${dims}) <=> $1::vector(${dims}) limit $${params.length}
         ) s order by rank desc, chunk_id`,
        params,
      );
      return r.rows.map(toChunkHit);
    });
  }

  private async useIndex(modelId: string, dims: number): Promise<boolean> {
    if (!this.indexedDims.has(dims)) return false;
    return (await this.countEmbedded(modelId, dims, 'source')) >= this.exactScanThreshold;
  }

  /**
   * Embedded chunks of a model and dims, in the engine's source (what a search would scan exactly) or in the whole
   * database (what the shared HNSW index would hold). Every vector search asks, and counting reads every chunk row
   * (seconds at 10k notes in the plugin, where each page read is a call into OPFS; docs/plugin-performance.md), so
   * the count is cached. A write drops it only while it is below twice the exact-scan threshold: above that, only
   * deleting half the embedded chunks could take it under the threshold, and all that would change then is HNSW
   * answering where an exact scan would, over a set small enough for both to find the same neighbours. Emptying
   * the store drops it (cleared()).
   */
  private async countEmbedded(modelId: string | null, dims: number, scope: 'source' | 'database'): Promise<number> {
    const key = `${scope}\u0000${modelId ?? ''}\u0000${dims}`;
    const generation = this.host.generation();
    const hit = this.embeddedCounts.get(key);
    if (hit && (hit.generation === generation || hit.n >= 2 * this.exactScanThreshold)) return hit.n;
    const r = await this.host.db.query<{ n: number }>(
      `select count(*)::int as n from chunks where embed_dims = $1 and embedding is not null
         and ($2::text is null or embedding_model = $2) and ($3::bool or source_id = ${SOURCE})`,
      [dims, modelId, scope === 'database'],
    );
    const n = r.rows[0]?.n ?? 0;
    this.embeddedCounts.set(key, { generation, n });
    return n;
  }

  /** Builds the partial HNSW index for these dims once enough vectors exist for it to pay off. */
  private async ensureIndex(dims: number): Promise<void> {
    if (this.indexedDims.has(dims) || dims > MAX_INDEXED_DIMS) return;
    if ((await this.countEmbedded(null, dims, 'database')) < this.exactScanThreshold) return;
    try {
      await this.host.write((tx) => tx.exec(hnswIndexSql(dims)));
    } catch (err) {
      // A server role that may write rows but not own the table (docs/team-brain.md) cannot create indexes:
      // search stays exact (correct, slower) until the owner opens the brain once; not retried on every batch.
      if ((err as { code?: unknown }).code !== '42501') throw err;
      this.indexedDims.add(dims);
      this.deferredIndexDims.delete(dims);
      return;
    }
    this.indexedDims.add(dims);
    this.deferredIndexDims.delete(dims);
    await this.host.db.exec('analyze chunks');
  }
}

/** The partial HNSW index over one dimension's vectors (also rebuilt by store-copy.ts on a copied store). */
export function hnswIndexSql(dims: number): string {
  validDims(dims);
  // DDL cannot take bind parameters; dims is a validated integer.
  return `create index if not exists chunks_hnsw_${dims} on chunks
    using hnsw ((embedding::vector(${dims})) vector_cosine_ops)
    with (m = ${HNSW_M}, ef_construction = ${HNSW_EF_CONSTRUCTION}) where embed_dims = ${dims}`;
}
