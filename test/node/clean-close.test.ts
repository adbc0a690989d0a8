// The clean-close mark (node/clean-close.ts): a store closed without error and untouched since skips the store
// checks' heap scans at its next open; anything else (a changed file, an open that never closed) runs them, and a
// store damaged after a clean close is still found and rebuilt (issue 19).
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PGliteEngine } from '../../src/core/engine/pglite/pglite-engine';
import { openNodeBrain } from '../../src/node/open-brain';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function vaultWithNotes(): string {
  const vault = mkdtempSync(join(tmpdir(), 'vb-clean-close-'));
  dirs.push(vault);
  for (let i = 0; i < 12; i++) writeFileSync(join(vault, `Note ${i}.md`), `# Note ${i}\n\nAbout [[Note ${(i + 1) % 12}]] and harbour cranes, part ${i}.\n`);
  return vault;
}

const noEmbedder = { embedder: { kind: 'none' } as const, onNotice: () => undefined };

describe('clean-close mark', () => {
  it('skips the heap scans only after a clean close with nothing touched since', async () => {
    const vault = vaultWithNotes();
    const first = await openNodeBrain({ vault, ...noEmbedder });
    const db = first.dbDir!;
    expect(first.database.scansSkipped).toBe(false);
    await first.brain.index();
    // While the store is open there is no mark: a crash now leaves none.
    expect(existsSync(`${db}.clean`)).toBe(false);
    await first.close();
    expect(existsSync(`${db}.clean`)).toBe(true);

    const second = await openNodeBrain({ vault, ...noEmbedder });
    expect(second.database.scansSkipped).toBe(true);
    expect(existsSync(`${db}.clean`)).toBe(false);
    expect((await second.brain.engine.stats()).pages).toBe(12);
    await second.close();

    // Anything that changes the store's files since the mark (here a file added to its folder, as another tool
    // might) makes the next open run every check.
    const wal = readdirSync(join(db, 'pg_wal')).find((n) => /^[0-9A-F]{24}$/.test(n))!;
    const extra = join(db, 'pg_wal', `${wal}.partial-test`);
    writeFileSync(extra, 'x');
    const third = await openNodeBrain({ vault, ...noEmbedder });
    expect(third.database.scansSkipped).toBe(false);
    rmSync(extra);
    await third.close();
  }, 120_000);

  it('still finds and rebuilds a store damaged after a clean close', async () => {
    const vault = vaultWithNotes();
    const first = await openNodeBrain({ vault, ...noEmbedder });
    const db = first.dbDir!;
    await first.brain.index();
    const { chunks } = await first.brain.engine.stats();
    const rel = (await (first.brain.engine as PGliteEngine).db.query<{ p: string }>(`select pg_relation_filepath('chunks') as p`)).rows[0]!.p;
    await first.close();
    // Garbage over the chunks table's first page.
    const file = join(db, rel);
    expect(statSync(file).size).toBeGreaterThan(0);
    const h = await open(file, 'r+');
    await h.write(Buffer.alloc(8192, 0x5a), 0, 8192, 0);
    await h.close();
    const notices: string[] = [];
    const second = await openNodeBrain({ vault, embedder: { kind: 'none' }, onNotice: (m) => notices.push(m) });
    try {
      expect(second.database.scansSkipped).toBe(false);
      expect(second.recovery).not.toBeNull();
      expect(notices.join('\n')).toMatch(/damaged/);
      expect((await second.brain.engine.stats()).chunks).toBe(chunks);
    } finally {
      await second.close();
    }
  }, 120_000);
});
