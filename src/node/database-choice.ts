// Which database a Node surface (CLI, `mcp`, `serve`) opens: the `--db` flag, else VAULT_BRAIN_DATABASE_URL, else
// `database` in `.vault-brain/config.json`, else the embedded PGlite store in `<vault>/.vault-brain/db`. The
// answer is an engine spec for the one engine factory (engine-factory.ts); a value that names no database we
// can open is refused here, before anything is opened, with the URL's password redacted.
import * as path from 'node:path';
import { validSourceName } from '../core/engine/sql/sql';
import { BrainError, errorMessage } from '../core/errors';
import { redactUrl } from './database-url';

export const DATABASE_URL_ENV = 'VAULT_BRAIN_DATABASE_URL';

/** Where the choice came from, said in errors so the user knows which setting to fix. */
export type DatabaseOrigin = 'flag' | 'env' | 'config' | 'default';

export type DatabaseChoice =
  | { kind: 'pglite'; dataDir: string; origin: DatabaseOrigin }
  | { kind: 'postgres'; url: string; origin: DatabaseOrigin };

export interface DatabaseInputs {
  /** The vault folder (absolute). */
  vault: string;
  /** `--db`: a database folder or a `postgres://` URL. */
  flag?: string;
  /** VAULT_BRAIN_DATABASE_URL: a `postgres://` URL, or `local` for the embedded store. */
  env?: string;
  /** `database` in the config file: a `postgres://` URL, or `local`. */
  config?: string;
}

const ORIGIN_NAME: Record<DatabaseOrigin, string> = {
  flag: '--db',
  env: DATABASE_URL_ENV,
  config: '"database" in .vault-brain/config.json',
  default: 'the default',
};

export class BadDatabaseError extends BrainError {
  constructor(message: string) {
    super('bad_database', message);
    this.name = 'BadDatabaseError';
  }
}

/** A scheme followed by `//`: meant as a URL (so `postgres:/x` or `mysql://x` is refused, not taken for a folder). */
function looksLikeUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

export function defaultDataDir(vault: string): string {
  return path.join(vault, '.vault-brain', 'db');
}

export function chooseDatabase(input: DatabaseInputs): DatabaseChoice {
  const flag = input.flag?.trim();
  if (flag) {
    if (looksLikeUrl(flag)) return { kind: 'postgres', url: checkedDatabaseUrl(flag, 'flag'), origin: 'flag' };
    return { kind: 'pglite', dataDir: path.resolve(flag), origin: 'flag' };
  }
  for (const origin of ['env', 'config'] as const) {
    const value = input[origin]?.trim();
    if (!value) continue;
    if (value.toLowerCase() === 'local') return { kind: 'pglite', dataDir: defaultDataDir(input.vault), origin };
    return { kind: 'postgres', url: checkedDatabaseUrl(value, origin), origin };
  }
  return { kind: 'pglite', dataDir: defaultDataDir(input.vault), origin: 'default' };
}

/** A `postgres://` (or `postgresql://`) URL the driver can parse, else a BadDatabaseError naming the setting. */
export function checkedDatabaseUrl(value: string, origin: DatabaseOrigin): string {
  const where = ORIGIN_NAME[origin];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BadDatabaseError(`${where} is not a valid database URL (${redactUrl(value)}); expected postgres://user:password@host:5432/database${origin === 'flag' ? ' or a folder' : ' or "local"'}`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new BadDatabaseError(`${where} names a ${url.protocol.replace(/:$/, '')} database (${redactUrl(value)}); only postgres:// URLs are supported`);
  }
  // No host means a Unix socket, which the driver takes from ?host=; without either there is nothing to reach.
  if (!url.hostname && !url.searchParams.get('host')) throw new BadDatabaseError(`${where} has no host (${redactUrl(value)}); expected postgres://user:password@host:5432/database`);
  return value;
}

/** What `status` and logs may show: the kind and where, with any password redacted. */
export function describeDatabase(choice: DatabaseChoice): { kind: DatabaseChoice['kind']; location: string } {
  return { kind: choice.kind, location: choice.kind === 'postgres' ? redactUrl(choice.url) : choice.dataDir };
}

/**
 * Which source (vault) of the database a surface reads and writes (several vaults can share a server database):
 * `--source`, else `"source"` in `.vault-brain/config.json`, else the vault folder's name. Only the last is a
 * default: an embedded store that holds exactly one other source keeps using it (the folder was renamed).
 */
export interface SourceChoice {
  name: string;
  explicit: boolean;
}

export function chooseSource(input: { vault: string; flag?: string; config?: string }): SourceChoice {
  for (const [value, where] of [
    [input.flag, '--source'],
    [input.config, '"source" in .vault-brain/config.json'],
  ] as const) {
    if (value === undefined || value.trim() === '') continue;
    try {
      return { name: validSourceName(value), explicit: true };
    } catch (e) {
      throw new BadDatabaseError(`${where}: ${errorMessage(e)}`);
    }
  }
  const folder = path.basename(path.resolve(input.vault));
  try {
    return { name: validSourceName(folder), explicit: false };
  } catch {
    // A vault at a file-system root has no name of its own.
    return { name: 'vault', explicit: false };
  }
}
