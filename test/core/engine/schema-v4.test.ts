// Schema 4 on a database written by schema 3: the 'simple' vector column and write-only indexes go, rows stay
// searchable with the JS-built queries, and the parser version forces their vectors to be rewritten.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/core/engine/sql/migrations';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/core/engine/sql/schema';
import { META, note } from './fixtures';

describe('schema 4', () => {
  it('upgrades a schema 3 database in place', async () => {
    const db = await PGlite.create({ extensions: { vector, pg_trgm } });
    await migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 3),
    );
    await db.exec(`insert into pages (path, title, title_key, type, content_hash, mtime, size, indexed_at)
      values ('old.md', 'Old', 'old', 'note', 'h', 1, 1, 1)`);
    await db.exec(`insert into chunks (page, ord, text, char_start, char_end, start_line, end_line, kind, hash, tsv, tsv_en)
      values ('old.md', 0, 'Durable workers kept running', 0, 10, 1, 1, 'prose', 'c',
        to_tsvector('simple', 'Durable workers kept running'), to_tsvector('english', 'Durable workers kept running'))`);
    await db.exec(`insert into links (from_path, to_path, target_text, raw, type, direction, source, line)
      values ('old.md', null, 'Missing Note', '[[Missing Note]]', 'mentions', 'out', 'wikilink', 1)`);

    const engine = await PGliteEngine.fromDb(db);
    try {
      expect(engine.openState).toEqual({ created: false, fromVersion: 3, toVersion: SCHEMA_VERSION, needsRebuild: false });
      const cols = await db.query<{ c: string }>(`select column_name as c from information_schema.columns where table_name = 'chunks'`);
      expect(cols.rows.map((r) => r.c)).not.toContain('tsv');
      const idx = (await db.query<{ n: string }>(`select indexname as n from pg_indexes`)).rows.map((r) => r.n);
      for (const gone of ['chunks_tsv', 'links_type', 'pages_title_trgm', 'pages_tags', 'links_target_lower']) expect(idx).not.toContain(gone);
      expect(idx).toEqual(expect.arrayContaining(['chunks_tsv_en', 'links_dangling_target', 'page_names_trgm', 'links_to', 'links_from']));
      const stats = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_attribute where attrelid = 'chunks'::regclass and attname in ('text', 'heading') and attstattarget = 0`,
      );
      expect(stats.rows[0]?.n).toBe(2);

      // Vectors written by Postgres' english config still match the JS-built queries (same stems).
      expect((await engine.keywordSearch({ tsquery: 'worker running', mode: 'and', limit: 5 })).map((h) => h.path)).toEqual(['old.md']);
      expect((await engine.danglingLinksTo(['missing note'])).map((l) => l.targetText)).toEqual(['Missing Note']);

      // A rewrite stores the JS vector; search and dangling lookups keep working.
      await engine.putPage(note('old.md', { chunks: ['Durable workers kept running', 'state-of-the-art notes.md'] }), META);
      expect((await engine.keywordSearch({ tsquery: '"state of the art"', mode: 'and', limit: 5 })).map((h) => h.path)).toEqual(['old.md']);
      expect((await engine.keywordSearch({ tsquery: 'notes.md', mode: 'and', limit: 5 })).map((h) => h.path)).toEqual(['old.md']);
    } finally {
      await engine.close();
    }
  });
});
