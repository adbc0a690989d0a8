// Title search (typo-tolerant, pg_trgm's `%`) must read the trigram index, not every name: the planner costs
// `%` like a cheap comparison unless the schema says otherwise, and a scan of 10k names was most of a query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';

let engine: PGliteEngine;

beforeAll(async () => {
  engine = await PGliteEngine.open({});
  // 5,000 notes with a title each: enough rows that the plan is a real choice.
  await engine.db.exec(`
    insert into pages (path, title, title_key, type, content_hash, mtime, size, indexed_at)
    select 'people/Person ' || i || '.md', 'Person ' || i || ' ' || md5(i::text), lower('person ' || i || ' ' || md5(i::text)),
           'person', md5(i::text), 0, 0, 0
    from generate_series(1, 5000) as i;
    insert into page_names (name_key, path, name, kind) select title_key, path, title, 'title' from pages;
    analyze pages; analyze page_names;`);
});

afterAll(async () => {
  await engine.close();
});

describe('title search plan', () => {
  it('reads the trigram index for a close-name search, and still finds the typo', async () => {
    const target = (await engine.db.query<{ title_key: string }>(`select title_key from pages where path = 'people/Person 4242.md'`)).rows[0]!.title_key;
    const typo = `${target.slice(0, 12)}x${target.slice(13)}`;
    const plan = await engine.db.query<{ 'QUERY PLAN': string }>(
      `explain select n.path from page_names n join pages p on p.path = n.path where n.name_key = $1 or n.name_key % $1`,
      [typo],
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('page_names_trgm');
    expect(text).not.toMatch(/Seq Scan on page_names/);
    const hits = await engine.titleSearch(typo, 5);
    expect(hits[0]?.path).toBe('people/Person 4242.md');
  });
});
