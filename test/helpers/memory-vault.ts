// A vault held in memory: enough of a VaultSource for a brain to index and search in a unit test.
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';

export function memorySource(files: Record<string, string>): VaultSource {
  return editableMemorySource(files);
}

/** The same vault whose notes can be written afterwards (`set`), each write with a later mtime. */
export function editableMemorySource(files: Record<string, string>): VaultSource & { set(path: string, text: string): void } {
  const notes = new Map(Object.entries(files).map(([p, t]) => [p, { bytes: new TextEncoder().encode(t), mtime: 1 }]));
  let clock = 1;
  const stat = (p: string): VaultFile => ({ path: p, size: notes.get(p)!.bytes.length, mtime: notes.get(p)!.mtime });
  return {
    list: async () => [...notes.keys()].map(stat),
    stat: async (p) => (notes.has(p) ? stat(p) : null),
    read: async (p) => {
      const n = notes.get(p);
      if (!n) throw new Error(`no ${p}`);
      return n.bytes;
    },
    set: (path, text) => void notes.set(path, { bytes: new TextEncoder().encode(text), mtime: ++clock }),
  };
}

/** A source whose reads stop after `open` reads until released: the run stands still mid-way. */
export function gatedSource(inner: VaultSource, open: number): { source: VaultSource; reached: Promise<void>; release: () => void } {
  let reads = 0;
  let release!: () => void;
  let reachedGate!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const reached = new Promise<void>((r) => (reachedGate = r));
  return {
    reached,
    release,
    source: {
      list: () => inner.list(),
      stat: (p) => inner.stat(p),
      read: async (p, o) => {
        if (++reads > open) {
          reachedGate();
          await gate;
        }
        return inner.read(p, o);
      },
    },
  };
}
