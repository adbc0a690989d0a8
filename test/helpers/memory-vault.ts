// A vault held in memory: enough of a VaultSource for a brain to index and search in a unit test.
import type { VaultFile, VaultSource } from '../../src/core/index/vault-source';

export function memorySource(files: Record<string, string>): VaultSource {
  const bytes = new Map(Object.entries(files).map(([p, t]) => [p, new TextEncoder().encode(t)]));
  const stat = (p: string): VaultFile => ({ path: p, size: bytes.get(p)!.length, mtime: 1 });
  return {
    list: async () => [...bytes.keys()].map(stat),
    stat: async (p) => (bytes.has(p) ? stat(p) : null),
    read: async (p) => {
      const b = bytes.get(p);
      if (!b) throw new Error(`no ${p}`);
      return b;
    },
  };
}
