// The worker's OPFS store reads ahead of sequential reads (read-windows.ts, used by sized-opfs-fs.ts). What a read
// returns must be what the file holds, the writes since the window was read included: these tests keep a plain
// byte array as the file and compare every read with it. The store itself runs under PGlite in the browser e2e test
// and plugin-bench.
import { describe, expect, it } from 'vitest';
import { ReadWindows } from '../../src/obsidian/worker/read-windows';

function file(size: number) {
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  const calls: { at: number; length: number }[] = [];
  const readAt = (at: number, into: Uint8Array) => {
    calls.push({ at, length: into.length });
    const part = bytes.subarray(at, Math.min(size, at + into.length));
    into.set(part);
    return part.length;
  };
  return { bytes, calls, readAt };
}

/** Reads through the windows, or from the file when they decline, as SizedOpfsFS does. */
function read(w: ReadWindows, f: ReturnType<typeof file>, path: string, position: number, length: number): Uint8Array {
  const into = new Uint8Array(length + 4);
  const n = w.read(path, into, 4, length, position, f.readAt);
  if (n === null) {
    const got = f.readAt(position, into.subarray(4, 4 + length));
    return into.subarray(4, 4 + got);
  }
  return into.subarray(4, 4 + n);
}

describe('ReadWindows', () => {
  it('reads ahead once a read continues the last one, and serves the reads that follow from that one read', () => {
    const f = file(64);
    const w = new ReadWindows(32, 2);
    for (let at = 0; at < 64; at += 8) expect([...read(w, f, '/t', at, 8)]).toEqual([...f.bytes.subarray(at, at + 8)]);
    // 0 as asked (nothing before it), 8 opens a window of 32 (8..40), 40 opens the next (40..64, short at the end).
    expect(f.calls).toEqual([
      { at: 0, length: 8 },
      { at: 8, length: 32 },
      { at: 40, length: 32 },
    ]);
  });

  it('reads a random read as asked, without reading ahead', () => {
    const f = file(256);
    const w = new ReadWindows(32, 2);
    for (const at of [128, 16, 200, 64]) expect([...read(w, f, '/t', at, 8)]).toEqual([...f.bytes.subarray(at, at + 8)]);
    expect(f.calls.every((c) => c.length === 8)).toBe(true);
  });

  it('returns what was written since the window was read, and drops a file it is told changed length', () => {
    const f = file(64);
    const w = new ReadWindows(32, 2);
    read(w, f, '/t', 0, 8);
    read(w, f, '/t', 8, 8); // window 8..40
    const page = new Uint8Array(8).fill(200);
    f.bytes.set(page, 16);
    w.wrote('/t', page, 16);
    const across = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
    f.bytes.set(across, 36); // half inside the window, half past it
    w.wrote('/t', across, 36);
    for (const at of [16, 24, 32]) expect([...read(w, f, '/t', at, 8)]).toEqual([...f.bytes.subarray(at, at + 8)]);
    expect(f.calls).toHaveLength(2);
    w.forget('/t');
    f.bytes.fill(9, 0, 64);
    expect([...read(w, f, '/t', 24, 8)]).toEqual([...f.bytes.subarray(24, 32)]);
  });

  it('keeps windows for the most recently read files only, and declines reads larger than a window', () => {
    const f = file(128);
    const w = new ReadWindows(32, 1);
    read(w, f, '/a', 0, 8);
    read(w, f, '/a', 8, 8); // window for /a
    read(w, f, '/b', 0, 8);
    read(w, f, '/b', 8, 8); // window for /b: /a's goes
    const before = f.calls.length;
    expect([...read(w, f, '/a', 16, 8)]).toEqual([...f.bytes.subarray(16, 24)]);
    expect(f.calls.length).toBe(before + 1);
    expect(w.read('/a', new Uint8Array(64), 0, 64, 24, f.readAt)).toBeNull();
  });

  it('goes to the file for a read past the end of what a window could read', () => {
    const f = file(20);
    const w = new ReadWindows(32, 2);
    read(w, f, '/t', 0, 8);
    expect([...read(w, f, '/t', 8, 8)]).toEqual([...f.bytes.subarray(8, 16)]);
    expect([...read(w, f, '/t', 16, 8)]).toEqual([...f.bytes.subarray(16, 20)]);
  });
  it('reuses the buffers of windows that went instead of allocating one per window', () => {
    const f = file(4096);
    const seen = new Set<Uint8Array>();
    const readAt = (at: number, into: Uint8Array) => {
      seen.add(into);
      return f.readAt(at, into);
    };
    const w = new ReadWindows(32, 2);
    // Three files read front to back in turn: ~128 windows each, more files than windows kept.
    for (let at = 0; at < 4096; at += 8) {
      for (const path of ['/a', '/b', '/c']) {
        const into = new Uint8Array(8);
        const n = w.read(path, into, 0, 8, at, readAt);
        const got = n === null ? into.subarray(0, f.readAt(at, into)) : into;
        expect([...got]).toEqual([...f.bytes.subarray(at, at + 8)]);
      }
    }
    expect(f.calls.filter((c) => c.length === 32).length).toBeGreaterThan(100);
    expect(seen.size).toBeLessThanOrEqual(4);
  });
});
