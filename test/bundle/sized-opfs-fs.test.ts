// The worker's OPFS store answers Postgres' size checks from memory (sized-opfs-fs.ts); a stale size would make
// Postgres overwrite or skip pages, so the cache must follow every write that grows a file and forget a path on
// anything else. The store itself runs under PGlite in the browser e2e test and plugin-bench.
import { describe, expect, it } from 'vitest';
import { StatCache } from '../../src/obsidian/worker/sized-opfs-fs';

const stats = (size: number) => ({ dev: 0, ino: 0, mode: 33184, nlink: 1, uid: 0, gid: 0, rdev: 0, size, blksize: 4096, blocks: Math.ceil(size / 4096), atime: 1, mtime: 1, ctime: 1 });

describe('StatCache', () => {
  it('grows a cached size with writes past the end through any descriptor of the path', () => {
    const c = new StatCache();
    c.opened(3, '/base/5/1259');
    c.opened(4, '/base/5/1259');
    c.set('/base/5/1259', stats(8192));
    c.wrote(3, 8192, 8192);
    expect(c.get('/base/5/1259')?.size).toBe(16384);
    c.wrote(4, 0, 8192); // an overwrite inside the file
    expect(c.get('/base/5/1259')?.size).toBe(16384);
    c.wrote(4, 16384, 100);
    expect(c.get('/base/5/1259')).toMatchObject({ size: 16484, blocks: 5 });
  });

  it('hands out copies, so a caller changing one does not change the cache', () => {
    const c = new StatCache();
    c.set('/a', stats(10));
    const s = c.get('/a')!;
    s.size = 99;
    expect(c.get('/a')?.size).toBe(10);
  });

  it('forgets a path, or a folder with everything under it; writes through closed or unknown descriptors change nothing', () => {
    const c = new StatCache();
    c.opened(5, '/pg_wal/000000010000000000000001');
    c.set('/pg_wal/000000010000000000000001', stats(0));
    c.set('/other', stats(1));
    c.set('/base/1/2', stats(2));
    c.set('/base/10', stats(3));
    c.closed(5);
    c.wrote(5, 0, 4096);
    expect(c.get('/pg_wal/000000010000000000000001')?.size).toBe(0);
    c.forget('/pg_wal/000000010000000000000001');
    expect(c.get('/pg_wal/000000010000000000000001')).toBeUndefined();
    expect(c.get('/other')?.size).toBe(1);
    c.forgetTree('/base/1');
    expect(c.get('/base/1/2')).toBeUndefined();
    expect(c.get('/base/10')?.size).toBe(3);
    expect(c.get('/other')?.size).toBe(1);
    expect(c.pathOf(5)).toBeUndefined();
  });
});
