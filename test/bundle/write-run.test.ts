// The worker's OPFS store holds contiguous writes and writes them in one call (write-run.ts, used by
// sized-opfs-fs.ts); a run must only ever grow by the bytes that directly follow it in the same file, hold what it
// was given (not a view the caller reuses), and never pass its capacity. The store itself runs under PGlite in the
// browser e2e test (including a reload without close) and plugin-bench.
import { describe, expect, it } from 'vitest';
import { WriteRun } from '../../src/obsidian/worker/write-run';

const page = (fill: number, size = 8) => new Uint8Array(size).fill(fill);

describe('WriteRun', () => {
  it('gathers writes that follow each other in one file into one run, in order', () => {
    const run = new WriteRun(64);
    expect(run.heldPath).toBeNull();
    run.append('/base/5/1259', 3, page(1), 8192);
    expect(run.accepts('/base/5/1259', 8200, 8)).toBe(true);
    run.append('/base/5/1259', 3, page(2), 8200);
    run.append('/base/5/1259', 4, page(3), 8208);
    expect(run.heldPath).toBe('/base/5/1259');
    expect(run.heldFd).toBe(4);
    const held = run.take()!;
    expect(held).toMatchObject({ path: '/base/5/1259', fd: 4, start: 8192 });
    expect([...held.bytes]).toEqual([...page(1), ...page(2), ...page(3)]);
    expect(run.take()).toBeNull();
    expect(run.heldFd).toBe(-1);
  });

  it('refuses a write to another file, a gap, an overlap, or past its capacity', () => {
    const run = new WriteRun(24);
    run.append('/a', 3, page(1), 0);
    expect(run.accepts('/b', 8, 8)).toBe(false);
    expect(run.accepts('/a', 16, 8)).toBe(false);
    expect(run.accepts('/a', 0, 8)).toBe(false);
    expect(run.accepts('/a', 8, 24)).toBe(false);
    expect(() => run.append('/b', 3, page(2), 8)).toThrow(/held run/);
    run.append('/a', 3, page(2), 8);
    run.append('/a', 3, page(3), 16);
    expect(run.accepts('/a', 24, 1)).toBe(false);
    // Empty again, it takes any write up to its capacity, and nothing larger or empty.
    run.take();
    expect(run.accepts('/b', 100, 24)).toBe(true);
    expect(run.accepts('/b', 100, 25)).toBe(false);
    expect(run.accepts('/b', 100, 0)).toBe(false);
  });

  it('copies what it is given: the caller may reuse its buffer (the wasm heap) at once', () => {
    const run = new WriteRun(16);
    const heap = page(7);
    run.append('/a', 3, heap, 0);
    heap.fill(0);
    expect([...run.take()!.bytes]).toEqual([...page(7)]);
  });

  it('drops what it holds only for the file named', () => {
    const run = new WriteRun(16);
    run.append('/a', 3, page(1), 0);
    expect(run.discard('/b')).toBe(false);
    expect(run.heldPath).toBe('/a');
    expect(run.discard('/a')).toBe(true);
    expect(run.take()).toBeNull();
  });
});
