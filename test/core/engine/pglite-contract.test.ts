// The engine contract against embedded PGlite: in memory for the suite, on disk for the reopen tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe } from 'vitest';
import { PGliteEngine } from '../../../src/core/engine/pglite/pglite-engine';
import { engineContract, type ContractEngine } from './engine-contract';

const dirs: string[] = [];
const dataDirOf = new WeakMap<object, string>();
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function openOn(dataDir: string): Promise<ContractEngine> {
  const engine = await PGliteEngine.open({ dataDir });
  dataDirOf.set(engine, dataDir);
  return engine;
}

describe('PGliteEngine contract', () => {
  engineContract({
    kind: 'pglite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'vb-contract-'));
      dirs.push(dir);
      return openOn(path.join(dir, 'db'));
    },
    async reopen(engine) {
      await engine.close();
      return openOn(dataDirOf.get(engine)!);
    },
    incompatible: 'rebuild',
  });
});
