// The worker reads PGlite's OPFS state file to know whether a data dir holds a database before it opens it
// (a snapshot may only be loaded into an empty one). The OPFS store itself runs in the browser e2e test.
import { describe, expect, it } from 'vitest';
import { stateHasPgVersion } from '../../src/obsidian/worker/opfs-cluster';

const file = (name: string) => ({ type: 'file', lastModified: 1, mode: 32768, backingFilename: name });
const base = (children: Record<string, unknown>) => JSON.stringify({ root: { type: 'directory', lastModified: 1, mode: 16384, children }, pool: [] });

describe('stateHasPgVersion', () => {
  it('finds PG_VERSION in the checkpointed tree', () => {
    expect(stateHasPgVersion(base({ PG_VERSION: file('a'), base: { type: 'directory', children: {} } }))).toBe(true);
  });

  it('finds PG_VERSION created after the checkpoint, in the operation log', () => {
    const log = [JSON.stringify({ opp: 'createFileNode', args: ['/base/1/1259', file('b')] }), JSON.stringify({ opp: 'createFileNode', args: ['/PG_VERSION', file('c')] })];
    expect(stateHasPgVersion([base({}), ...log].join('\n'))).toBe(true);
  });

  it('says no for an empty or cut-off load, a file elsewhere named PG_VERSION, and an unlinked one', () => {
    expect(stateHasPgVersion('')).toBe(false);
    expect(stateHasPgVersion(base({ global: { type: 'directory', children: {} } }))).toBe(false);
    expect(stateHasPgVersion([base({}), JSON.stringify({ opp: 'createFileNode', args: ['/base/PG_VERSION', file('d')] })].join('\n'))).toBe(false);
    expect(stateHasPgVersion([base({ PG_VERSION: file('a') }), JSON.stringify({ opp: 'unlink', args: ['/PG_VERSION'] })].join('\n'))).toBe(false);
  });

  it('skips a torn last line (a crash mid-append)', () => {
    const text = [base({}), JSON.stringify({ opp: 'createFileNode', args: ['/PG_VERSION', file('c')] }), '{"opp":"createFileNode","args":["/PG_VERS'].join('\n');
    expect(stateHasPgVersion(text)).toBe(true);
  });
});
