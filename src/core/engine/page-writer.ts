// Writes one parsed note inside an open transaction: page row, links, timeline, names, and chunks replaced
// by content hash so unchanged chunks keep their id and embedding.
import type { Transaction } from '@electric-sql/pglite';
import type { Chunk, ParsedNote } from '../types';
import { segmentForIndex } from '../text/segment';
import type { PageMeta } from './brain-engine';
import { nameKey } from './names';
import { clean, cleanOrNull, toJsonb } from './pg-text';

type Tx = Pick<Transaction, 'query'>;

function chunkSearchText(c: Chunk): string {
  return clean(segmentForIndex(c.heading ? `${c.heading} ${c.text}` : c.text));
}

const CHUNK_COLS = 'ord, heading, char_start, char_end, start_line, end_line, kind, language, symbol, token_estimate, seg';

async function writeChunks(tx: Tx, path: string, chunks: Chunk[]): Promise<void> {
  const old = await tx.query<{ id: number; hash: string }>('select id, hash from chunks where page = $1 order by ord, id', [path]);
  const pool = new Map<string, number[]>();
  for (const r of old.rows) {
    const ids = pool.get(r.hash);
    if (ids) ids.push(r.id);
    else pool.set(r.hash, [r.id]);
  }
  const kept: { id: number; chunk: Chunk }[] = [];
  const added: Chunk[] = [];
  for (const chunk of chunks) {
    const id = pool.get(chunk.hash)?.shift();
    if (id === undefined) added.push(chunk);
    else kept.push({ id, chunk });
  }
  const vanished = [...pool.values()].flat();
  if (vanished.length > 0) await tx.query('delete from chunks where id = any($1::int[])', [vanished]);

  const cols = (list: Chunk[]): unknown[] => [
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
    list.map(chunkSearchText),
  ];
  const unnestCols = `$2::int[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[], $9::text[], $10::text[], $11::int[], $12::text[]`;

  if (kept.length > 0) {
    await tx.query(
      `update chunks c set ord = u.ord, heading = u.heading, char_start = u.char_start, char_end = u.char_end,
         start_line = u.start_line, end_line = u.end_line, kind = u.kind, language = u.language, symbol = u.symbol,
         token_estimate = u.token_estimate, tsv = to_tsvector('simple', u.seg)
       from unnest($1::int[], ${unnestCols}) as u(id, ${CHUNK_COLS})
       where c.id = u.id`,
      [kept.map((k) => k.id), ...cols(kept.map((k) => k.chunk))],
    );
  }
  if (added.length > 0) {
    await tx.query(
      `insert into chunks (page, ord, heading, char_start, char_end, start_line, end_line, kind, language, symbol,
         token_estimate, text, hash, tsv)
       select $1, u.ord, u.heading, u.char_start, u.char_end, u.start_line, u.end_line, u.kind, u.language, u.symbol,
         u.token_estimate, u.text, u.hash, to_tsvector('simple', u.seg)
       from unnest(${unnestCols}, $13::text[], $14::text[]) as u(${CHUNK_COLS}, text, hash)
       order by u.ord`,
      [path, ...cols(added), added.map((c) => clean(c.text)), added.map((c) => c.hash)],
    );
  }
}

async function writeLinks(tx: Tx, note: ParsedNote): Promise<void> {
  await tx.query('delete from links where from_path = $1', [note.path]);
  const l = note.links;
  if (l.length === 0) return;
  await tx.query(
    `insert into links (from_path, to_path, target_text, raw, subpath, alias, type, direction, source, field, evidence,
       context, line, char_offset)
     select $1, u.* from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::text[], $11::text[], $12::text[], $13::int[], $14::int[])
       as u(to_path, target_text, raw, subpath, alias, type, direction, source, field, evidence, context, line, char_offset)`,
    [
      note.path,
      l.map((x) => cleanOrNull(x.target)),
      l.map((x) => clean(x.targetText)),
      l.map((x) => clean(x.raw)),
      l.map((x) => cleanOrNull(x.subpath)),
      l.map((x) => cleanOrNull(x.alias)),
      l.map((x) => clean(x.type)),
      l.map((x) => (x.direction === 'in' ? 'in' : 'out')),
      l.map((x) => x.source),
      l.map((x) => cleanOrNull(x.field)),
      l.map((x) => cleanOrNull(x.evidence)),
      l.map((x) => clean(x.context)),
      l.map((x) => x.line),
      l.map((x) => x.offset),
    ],
  );
}

async function writeTimeline(tx: Tx, note: ParsedNote): Promise<void> {
  await tx.query('delete from timeline_entries where page = $1', [note.path]);
  const t = note.timeline;
  if (t.length === 0) return;
  await tx.query(
    `insert into timeline_entries (page, date, summary, line)
     select $1, u.* from unnest($2::text[], $3::text[], $4::int[]) as u(date, summary, line)`,
    [note.path, t.map((e) => clean(e.date)), t.map((e) => clean(e.summary)), t.map((e) => e.line)],
  );
}

async function writeNames(tx: Tx, note: ParsedNote): Promise<void> {
  await tx.query('delete from page_names where path = $1', [note.path]);
  const names = [
    { name: note.title, kind: 'title' },
    ...note.aliases.map((a) => ({ name: a, kind: 'alias' })),
  ]
    .map((n) => ({ ...n, name: clean(n.name), key: clean(nameKey(n.name)) }))
    .filter((n) => n.key.length > 0);
  if (names.length === 0) return;
  await tx.query(
    `insert into page_names (path, name_key, name, kind)
     select $1, u.* from unnest($2::text[], $3::text[], $4::text[]) as u(name_key, name, kind)
     on conflict (name_key, path) do nothing`,
    [note.path, names.map((n) => n.key), names.map((n) => n.name), names.map((n) => n.kind)],
  );
}

export async function writePage(tx: Tx, note: ParsedNote, meta: PageMeta, now: number): Promise<void> {
  const path = clean(note.path);
  if (path !== note.path || path.length === 0) throw new Error(`invalid page path ${JSON.stringify(note.path)}`);
  await tx.query(
    `insert into pages (path, title, title_key, type, frontmatter, aliases, tags, compiled_truth, timeline,
       content_hash, mtime, size, indexed_at, warnings)
     values ($1, $2, $3, $4, $5::jsonb, $6::text[], $7::text[], $8, $9, $10, $11, $12, $13, $14::jsonb)
     on conflict (path) do update set title = excluded.title, title_key = excluded.title_key, type = excluded.type,
       frontmatter = excluded.frontmatter, aliases = excluded.aliases, tags = excluded.tags,
       compiled_truth = excluded.compiled_truth, timeline = excluded.timeline, content_hash = excluded.content_hash,
       mtime = excluded.mtime, size = excluded.size, indexed_at = excluded.indexed_at, warnings = excluded.warnings`,
    [
      path,
      clean(note.title),
      clean(note.title.toLowerCase()),
      clean(note.type),
      toJsonb(note.frontmatter),
      note.aliases.map(clean),
      note.tags.map(clean),
      clean(note.compiledTruth),
      clean(note.timelineText),
      note.contentHash,
      meta.mtime,
      meta.size,
      now,
      toJsonb(note.warnings),
    ],
  );
  await writeLinks(tx, note);
  await writeTimeline(tx, note);
  await writeNames(tx, note);
  await writeChunks(tx, path, note.chunks);
}
