// Which database a Node surface opens: flag > VAULT_BRAIN_DATABASE_URL > config `database` > the embedded store,
// and the refusals, which never show a password.
import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { chooseDatabase, describeDatabase } from '../../src/node/database-choice';
import { scrubPassword } from '../../src/node/engine-factory';

const vault = path.resolve('/tmp/some-vault');
const local = path.join(vault, '.vault-brain', 'db');
const A = 'postgres://alice:pw-a-123@db-a.internal:5432/brain';
const B = 'postgresql://bob:pw-b-456@db-b.internal/brain';
const C = 'postgres://carol:pw-c-789@db-c.internal/brain';

describe('chooseDatabase', () => {
  it('defaults to the embedded store in the vault', () => {
    expect(chooseDatabase({ vault })).toEqual({ kind: 'pglite', dataDir: local, origin: 'default' });
  });

  it('takes the flag over the environment over the config', () => {
    expect(chooseDatabase({ vault, flag: A, env: B, config: C })).toEqual({ kind: 'postgres', url: A, origin: 'flag' });
    expect(chooseDatabase({ vault, env: B, config: C })).toEqual({ kind: 'postgres', url: B, origin: 'env' });
    expect(chooseDatabase({ vault, config: C })).toEqual({ kind: 'postgres', url: C, origin: 'config' });
    expect(chooseDatabase({ vault, env: '  ', config: C }).origin).toBe('config');
  });

  it('reads a --db folder as the embedded store there, even when a server is configured', () => {
    expect(chooseDatabase({ vault, flag: 'rel/db', env: B, config: C })).toEqual({ kind: 'pglite', dataDir: path.resolve('rel/db'), origin: 'flag' });
  });

  it('lets the environment say "local" to override a configured server', () => {
    expect(chooseDatabase({ vault, env: 'local', config: C })).toEqual({ kind: 'pglite', dataDir: local, origin: 'env' });
    expect(chooseDatabase({ vault, config: 'LOCAL' })).toEqual({ kind: 'pglite', dataDir: local, origin: 'config' });
  });

  it('refuses what is not a Postgres URL, naming the setting and never the password', () => {
    const cases: [Parameters<typeof chooseDatabase>[0], RegExp][] = [
      [{ vault, flag: 'mysql://root:hunter22@h/db' }, /--db names a mysql database .*only postgres/],
      [{ vault, flag: 'postgres://root:hunter22@[x/db' }, /--db is not a valid database URL/],
      [{ vault, env: 'not a url hunter22' }, /VAULT_BRAIN_DATABASE_URL is not a valid database URL/],
      [{ vault, config: 'postgres://root:hunter22@/db' }, /"database" in \.vault-brain\/config\.json is not a valid database URL/],
      [{ vault, config: 'postgres:///db' }, /"database" in \.vault-brain\/config\.json has no host/],
    ];
    for (const [input, message] of cases) {
      let caught: unknown;
      try {
        chooseDatabase(input);
      } catch (e) {
        caught = e;
      }
      expect((caught as { code?: string }).code).toBe('bad_database');
      expect((caught as Error).message).toMatch(message);
      if (!(input.env ?? '').includes(' ')) expect((caught as Error).message).not.toContain('hunter22');
    }
  });

  it('accepts a Unix-socket URL (no host, ?host=)', () => {
    expect(chooseDatabase({ vault, flag: 'postgres:///brain?host=/var/run/postgresql' }).kind).toBe('postgres');
  });

  it('describes a server without its password', () => {
    expect(describeDatabase(chooseDatabase({ vault, flag: A }))).toEqual({ kind: 'postgres', location: 'postgres://alice:***@db-a.internal:5432/brain' });
    expect(describeDatabase(chooseDatabase({ vault }))).toEqual({ kind: 'pglite', location: local });
  });
});

describe('scrubPassword', () => {
  it('takes the password out of a driver message, percent-encoded or not', () => {
    expect(scrubPassword('failed for pw-a-123 here', A)).toBe('failed for *** here');
    expect(scrubPassword('login p@ss:w/rd refused', 'postgres://u:p%40ss%3Aw%2Frd@h/db')).toBe('login *** refused');
    expect(scrubPassword('nothing to hide', 'postgres://u@h/db')).toBe('nothing to hide');
  });
});
