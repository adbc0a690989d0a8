// Page and link writes, each inside an open transaction: a parsed note's page row, links, timeline, names, and
// chunks replaced by content hash so unchanged chunks keep their id and embedding; deletes, renames and link
// re-targeting.
import type { Chunk, ParsedNote } from '../../types';
import { weightedTsvectorLiteral } from '../../text/lexemes';
import { chunkFields, noteFields, type NoteFields } from '../../text/search-fields';
import type { LinkTargetUpdate, PageMeta, PageVectors, PageWrite } from '../brain-engine';
import { nameKey } from '../names';
import { clean, cleanOrNull, toJsonb } from './pg-text';
import { SOURCE, type QueryOptions, type SqlTx } from './sql';
import type { VectorArrayParam } from './vector-store';

/** A chunk and the note-level fields (title, aliases, properties) its full-text vector also holds. */
interface ChunkRow {
  chunk: Chunk;
  fields: NoteFields;
}

/** A new chunk's vector as computed with its page: the model, and the vector or null (skipped: zero vector). */
interface ChunkVector {
  modelId: string;
  dims: number;
  vector: Float32Array | null;
}

/** The chunk's full-text vector, fields labelled by weight (text/search-fields.ts), as a tsvector literal. */
function chunkTsvector(r: ChunkRow): string {
  return weightedTsvectorLiteral(chunkFields(r.chunk, r.fields));
}

const CHUNK_COLS = 'ord, heading, char_start, char_end, start_line, end_line, kind, language, symbol, token_estimate, tsv';

/** Chunk columns for `unnest`, in CHUNK_COLS order. */
function chunkColumns(rows: ChunkRow[]): unknown[] {
  const list = rows.map((r) => r.chunk);
  return [
    list.map((c) => c.ord),
    list.map((c) => clean(c.heading)),
    list.map((c) => c.charStart),
    list.map((c) => c.charEnd),
    list.map((c) => c.startLine),
    list.map((c) => c.endLine),
    list.map((c) => c.kind),
    list.map((c) => cleanOrNull(c.language)),
    list.map((c) => cleanOrNull(c.symbol)),
    list.map((c) => Math.round(c.tokenEstimate)),
    rows.map(chunkTsvector),
  ];
}

const UNNEST_CHUNK_COLS = `$2::int[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[], $9::text[], $10::text[], $11::int[], $12::text[]`;

/**
 * Replaces the chunks of every page in the batch with a handful of statements for the whole batch.
 * A chunk whose text (hash) is unchanged keeps its row id and embedding; new ones start without one.
 */
async function writeChunks<Tx extends SqlTx>(
  tx: Tx,
  pages: { path: string; chunks: Chunk[]; fields: NoteFields; vectors?: PageVectors }[],
  existing: string[],
  vectorParam: VectorArrayParam<Tx> | undefined,
): Promise<void> {
  const pool = new Map<string, number[]>(); // `${page}\0${hash}` -> ids
  if (existing.length > 0) {
    const old = await tx.query<{ id: number; page: string; hash: string }>(
      `select id, page, hash from chunks where source_id = ${SOURCE} and page = any($1::text[]) order by page, ord, id`,
      [existing],
    );
    for (const r of old.rows) {
      const key = `${r.page}\u0000${r.hash}`;
      const ids = pool.get(key);
      if (ids) ids.push(r.id);
      else pool.set(key, [r.id]);
    }
  }
  const kept: (ChunkRow & { id: number })[] = [];
  const added: (ChunkRow & { page: string; vector?: ChunkVector })[] = [];
  for (const { path, chunks, fields, vectors } of pages) {
    const withVectors = vectors !== undefined && vectors.vectors.length === chunks.length;
    chunks.forEach((chunk, i) => {
      const id = pool.get(`${path}\u0000${chunk.hash}`)?.shift();
      // A kept chunk keeps the vector it has (or waits in the queue for one): its text did not change.
      if (id !== undefined) kept.push({ id, chunk, fields });
      else if (!withVectors) added.push({ page: path, chunk, fields });
      else added.push({ page: path, chunk, fields, vector: { modelId: vectors.modelId, dims: vectors.dims, vector: vectors.vectors[i] ?? null } });
    });
  }
  const vanished = [...pool.values()].flat();
  if (vanished.length > 0) await tx.query(`delete from chunks where source_id = ${SOURCE} and id = any($1::int[])`, [vanished]);
  if (kept.length > 0) {
    await tx.query(
      `update chunks c set ord = u.ord, heading = u.heading, char_start = u.char_start, char_end = u.char_end,
         start_line = u.start_line, end_line = u.end_line, kind = u.kind, language = u.language, symbol = u.symbol,
         token_estimate = u.token_estimate, tsv_en = u.tsv::tsvector
       from unnest($1::int[], ${UNNEST_CHUNK_COLS}) as u(id, ${CHUNK_COLS})
       where c.source_id = ${SOURCE} and c.id = u.id`,
      [kept.map((k) => k.id), ...chunkColumns(kept)],
    );
  }
  if (added.length > 0) await insertChunks(tx, added, vectorParam);
}

/**
 * Inserts new chunk rows, in order. Rows computed with a vector (a local embedder) carry it, or are marked
 * skipped for that model when it had none, so the embedding queue never rewrites them (a rewrite is a new row
 * version with every index entry, full text included, written again).
 */
async function insertChunks<Tx extends SqlTx>(
  tx: Tx,
  added: (ChunkRow & { page: string; vector?: ChunkVector })[],
  vectorParam: VectorArrayParam<Tx> | undefined,
): Promise<void> {
  const list = added.map((a) => a.chunk);
  const params: unknown[] = [added.map((a) => a.page), ...chunkColumns(added), list.map((c) => clean(c.text)), list.map((c) => c.hash)];
  const dims = added.find((a) => a.vector?.vector)?.vector?.dims;
  // One model per batch (the indexer's embedder): its vectors go in one array parameter in the engine's form.
  const withVectors = vectorParam !== undefined && added.some((a) => a.vector !== undefined);
  let options: QueryOptions | undefined;
  if (withVectors) {
    // All null (every chunk skipped): the dims only shape an array with no vector in it.
    const param = await vectorParam(tx, added.map((a) => a.vector?.vector ?? null), dims ?? 1);
    params.push(param.value, added.map((a) => (a.vector?.vector ? a.vector.dims : null)), added.map((a) => cleanOrNull(a.vector?.modelId)));
    options = param.options;
  }
  await tx.query(
    `insert into chunks (page, ord, heading, char_start, char_end, start_line, end_line, kind, language, symbol,
       token_estimate, text, hash, tsv_en${withVectors ? ', embedding, embed_dims, embedding_model' : ''})
     select u.page, u.ord, u.heading, u.char_start, u.char_end, u.start_line, u.end_line, u.kind, u.language,
       u.symbol, u.token_estimate, u.text, u.hash, u.tsv::tsvector${withVectors ? ', u.embedding, u.embed_dims, u.embedding_model' : ''}
     from unnest($1::text[], ${UNNEST_CHUNK_COLS}, $13::text[], $14::text[]${withVectors ? ', $15::vector[], $16::int[], $17::text[]' : ''}) with ordinality
       as u(page, ${CHUNK_COLS}, text, hash${withVectors ? ', embedding, embed_dims, embedding_model' : ''}, n)
     order by u.n`,
    params,
    options,
  );
}

async function writeLinks(tx: SqlTx, notes: ParsedNote[]): Promise<void> {
  const rows = notes.flatMap((n) => n.links.map((l) => ({ from: n.path, l })));
  if (rows.length === 0) return;
  await tx.query(
    `insert into links (from_path, to_path, target_text, raw, subpath, alias, type, direction, source, field, evidence,
       context, line, char_offset, past, candidates)
     select u.from_path, u.to_path, u.target_text, u.raw, u.subpath, u.alias, u.type, u.direction, u.source, u.field,
       u.evidence, u.context, u.line, u.char_offset, u.past, u.candidates::jsonb
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::text[], $11::text[], $12::text[], $13::int[], $14::int[], $15::bool[], $16::text[])
       as u(from_path, to_path, target_text, raw, subpath, alias, type, direction, source, field, evidence, context, line,
         char_offset, past, candidates)`,
    [
      rows.map((r) => r.from),
      rows.map((r) => cleanOrNull(r.l.target)),
      rows.map((r) => clean(r.l.targetText)),
      rows.map((r) => clean(r.l.raw)),
      rows.map((r) => cleanOrNull(r.l.subpath)),
      rows.map((r) => cleanOrNull(r.l.alias)),
      rows.map((r) => clean(r.l.type)),
      rows.map((r) => (r.l.direction === 'in' ? 'in' : 'out')),
      rows.map((r) => r.l.source),
      rows.map((r) => cleanOrNull(r.l.field)),
      rows.map((r) => cleanOrNull(r.l.evidence)),
      rows.map((r) => clean(r.l.context)),
      rows.map((r) => r.l.line),
      rows.map((r) => r.l.offset),
      rows.map((r) => r.l.past === true),
      rows.map((r) => (r.l.candidates ? toJsonb(r.l.candidates) : null)),
    ],
  );
}

async function writeTimeline(tx: SqlTx, notes: ParsedNote[]): Promise<void> {
  const rows = notes.flatMap((n) => n.timeline.map((e) => ({ page: n.path, e })));
  if (rows.length === 0) return;
  await tx.query(
    `insert into timeline_entries (page, date, summary, line)
     select u.* from unnest($1::text[], $2::text[], $3::text[], $4::int[]) as u(page, date, summary, line)`,
    [rows.map((r) => r.page), rows.map((r) => clean(r.e.date)), rows.map((r) => clean(r.e.summary)), rows.map((r) => r.e.line)],
  );
}

async function writeNames(tx: SqlTx, notes: ParsedNote[]): Promise<void> {
  const rows = notes.flatMap((note) =>
    [{ name: note.title, kind: 'title' }, ...note.aliases.map((a) => ({ name: a, kind: 'alias' }))]
      .map((n) => ({ path: note.path, kind: n.kind, name: clean(n.name), key: clean(nameKey(n.name)) }))
      .filter((n) => n.key.length > 0),
  );
  if (rows.length === 0) return;
  await tx.query(
    `insert into page_names (path, name_key, name, kind)
     select u.* from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as u(path, name_key, name, kind)
     on conflict (source_id, name_key, path) do nothing`,
    [rows.map((n) => n.path), rows.map((n) => n.key), rows.map((n) => n.name), rows.map((n) => n.kind)],
  );
}

/**
 * Writes a batch of parsed notes inside an open transaction with a fixed number of statements, whatever
 * the batch size: one round trip per table instead of one per note and table.
 */
export async function writePages<Tx extends SqlTx>(tx: Tx, batch: PageWrite[], now: number, vectorParam?: VectorArrayParam<Tx>): Promise<void> {
  // A note listed twice in one batch: the last version wins.
  const byPath = new Map<string, PageWrite>();
  for (const item of batch) {
    const path = clean(item.note.path);
    if (path !== item.note.path || path.length === 0) throw new Error(`invalid page path ${JSON.stringify(item.note.path)}`);
    byPath.set(path, item);
  }
  const items = [...byPath.values()];
  const notes = items.map((i) => i.note);
  const paths = notes.map((n) => n.path);
  const existing = (await tx.query<{ path: string }>(`select path from pages where source_id = ${SOURCE} and path = any($1::text[])`, [paths])).rows.map((r) => r.path);
  await tx.query(
    `insert into pages (path, title, title_key, type, frontmatter, aliases, tags, compiled_truth, timeline,
       content_hash, mtime, size, indexed_at, warnings)
     select u.path, u.title, u.title_key, u.type, u.frontmatter::jsonb, coalesce(u.aliases::text[], '{}'),
       coalesce(u.tags::text[], '{}'), u.compiled_truth, u.timeline, u.content_hash, u.mtime, u.size, $13, u.warnings::jsonb
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::text[], $11::float8[], $12::float8[], $14::text[])
       as u(path, title, title_key, type, frontmatter, aliases, tags, compiled_truth, timeline, content_hash, mtime, size,
         warnings)
     on conflict (source_id, path) do update set title = excluded.title, title_key = excluded.title_key, type = excluded.type,
       frontmatter = excluded.frontmatter, aliases = excluded.aliases, tags = excluded.tags,
       compiled_truth = excluded.compiled_truth, timeline = excluded.timeline, content_hash = excluded.content_hash,
       mtime = excluded.mtime, size = excluded.size, indexed_at = excluded.indexed_at, warnings = excluded.warnings`,
    [
      paths,
      notes.map((n) => clean(n.title)),
      notes.map((n) => clean(n.title.toLowerCase())),
      notes.map((n) => clean(n.type)),
      notes.map((n) => toJsonb(n.frontmatter)),
      // Arrays of arrays cannot be unnested row-wise, so each row's array travels as a Postgres array literal.
      notes.map((n) => pgArrayLiteral(n.aliases.map(clean))),
      notes.map((n) => pgArrayLiteral(n.tags.map(clean))),
      notes.map((n) => clean(n.compiledTruth)),
      notes.map((n) => clean(n.timelineText)),
      notes.map((n) => n.contentHash),
      items.map((i) => i.meta.mtime),
      items.map((i) => i.meta.size),
      now,
      notes.map((n) => toJsonb(n.warnings)),
    ],
  );
  if (existing.length > 0) {
    await tx.query(`delete from links where source_id = ${SOURCE} and from_path = any($1::text[])`, [existing]);
    await tx.query(`delete from timeline_entries where source_id = ${SOURCE} and page = any($1::text[])`, [existing]);
    await tx.query(`delete from page_names where source_id = ${SOURCE} and path = any($1::text[])`, [existing]);
  }
  await writeLinks(tx, notes);
  await writeTimeline(tx, notes);
  await writeNames(tx, notes);
  await writeChunks(
    tx,
    items.map(({ note, vectors }) => ({ path: note.path, chunks: note.chunks, fields: noteFields(note), vectors })),
    existing,
    vectorParam,
  );
  await stampChunkDigests(tx, paths);
}

/**
 * Records each page's chunk count and digest as written (see engine/integrity.ts, which recomputes them), and its
 * chunk and token totals for BM25's corpus statistics (page_chunk_stats, schema 9). Computed by the database from
 * the rows just written, in the same transaction, so they match by construction.
 */
async function stampChunkDigests(tx: SqlTx, paths: string[]): Promise<void> {
  await tx.query(
    `with x as (
       select u.path, s.n, s.d, s.t from unnest($1::text[]) as u(path)
         cross join lateral (select count(*)::int as n, string_agg(hash, ',' order by ord, hash) as d,
                               coalesce(sum(token_estimate), 0)::int8 as t
                             from chunks where source_id = ${SOURCE} and page = u.path) s
     ), stamped as (
       update pages p set chunk_count = x.n, chunk_digest = md5(coalesce(x.d, '')) from x where p.source_id = ${SOURCE} and p.path = x.path
     )
     insert into page_chunk_stats (path, chunks, tokens) select path, n, t from x
     on conflict (source_id, path) do update set chunks = excluded.chunks, tokens = excluded.tokens`,
    [paths],
  );
}

/**
 * Provisional pages (BrainEngine.putProvisionalPages): the page row and its one chunk, with the integrity stamps
 * and chunk totals set as the writer would compute them, in three statements for the whole set. The chunk's
 * full-text vector carries the title, so keyword search finds the note by name; no page_names row (title search
 * proper), whose trigram index was a third of this write's time. Pages that exist already are left as they are.
 */
export async function writeProvisionalPages(tx: SqlTx, notes: ParsedNote[], now: number): Promise<void> {
  const fresh = notes.filter((n) => n.chunks.length === 1 && clean(n.path) === n.path && n.path.length > 0);
  if (fresh.length === 0) return;
  const inserted = await tx.query<{ path: string }>(
    `insert into pages (path, title, title_key, type, content_hash, mtime, size, indexed_at, chunk_count, chunk_digest)
     select u.path, u.title, u.title_key, u.type, '', -1, 0, $6, 1, md5(u.hash)
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) as u(path, title, title_key, type, hash)
     on conflict (source_id, path) do nothing
     returning path`,
    [
      fresh.map((n) => n.path),
      fresh.map((n) => clean(n.title)),
      fresh.map((n) => clean(n.title.toLowerCase())),
      fresh.map((n) => clean(n.type)),
      fresh.map((n) => n.chunks[0]!.hash),
      now,
    ],
  );
  const written = new Set(inserted.rows.map((r) => r.path));
  const added = fresh.filter((n) => written.has(n.path));
  if (added.length === 0) return;
  await insertChunks(tx, added.map((n) => ({ page: n.path, chunk: n.chunks[0]!, fields: noteFields(n) })), undefined);
  await tx.query(
    `insert into page_chunk_stats (path, chunks, tokens) select u.path, 1, u.tokens from unnest($1::text[], $2::int8[]) as u(path, tokens)`,
    [added.map((n) => n.path), added.map((n) => Math.round(n.chunks[0]!.tokenEstimate))],
  );
}

/** One note: the batch writer with a batch of one. */
export async function writePage(tx: SqlTx, note: ParsedNote, meta: PageMeta, now: number): Promise<void> {
  await writePages(tx, [{ note, meta }], now);
}

/** A Postgres array literal (`{"a","b"}`), quoting every element; passed as a parameter, never spliced into SQL. */
function pgArrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** Removes a page (its chunks, links and names follow by cascade); links that pointed at it become dangling. */
export async function deletePage(tx: SqlTx, path: string): Promise<void> {
  await tx.query(`update links set to_path = null where source_id = ${SOURCE} and to_path = $1`, [path]);
  await tx.query(`delete from pages where source_id = ${SOURCE} and path = $1`, [path]);
}

export async function renamePage(tx: SqlTx, from: string, to: string): Promise<void> {
  // A page already at `to` is replaced; links that pointed at `to` keep pointing there.
  await tx.query(`delete from pages where source_id = ${SOURCE} and path = $1`, [to]);
  // Child rows follow through ON UPDATE CASCADE, keeping chunk ids and embeddings.
  await tx.query(`update pages set path = $2 where source_id = ${SOURCE} and path = $1`, [from, clean(to)]);
  await tx.query(`update links set to_path = $2 where source_id = ${SOURCE} and to_path = $1`, [from, clean(to)]);
  // The file-status row moves in the same commit (the file kept its stat): a renamed page never lacks one, so a
  // crash in the middle of many renames leaves pages and status rows in step.
  await tx.query(`delete from files where source_id = ${SOURCE} and path = $1`, [clean(to)]);
  await tx.query(`update files set path = $2 where source_id = ${SOURCE} and path = $1`, [from, clean(to)]);
}

export async function setLinkTargets(tx: SqlTx, updates: LinkTargetUpdate[]): Promise<void> {
  await tx.query(
    `update links l set to_path = u.to_path from unnest($1::int[], $2::text[]) as u(id, to_path)
     where l.source_id = ${SOURCE} and l.id = u.id`,
    [updates.map((u) => u.id), updates.map((u) => (u.toPath === null ? null : clean(u.toPath)))],
  );
}
