// `vault-brain migrate --to postgres://… | --to local`: copies the brain from the database it uses now (--db,
// VAULT_BRAIN_DATABASE_URL, config `database`, else the embedded store) into another one, rows as they are
// (vectors included, so nothing is re-embedded), then compares the counts. A run cut short resumes on rerun.
import * as path from 'node:path';
import { copyStore, type CopyReport } from '../../core/engine/sql/store-copy';
import { readVaultConfig } from '../../node/config';
import { checkedDatabaseUrl, chooseDatabase, chooseSource, DATABASE_URL_ENV, defaultDataDir, describeDatabase, type DatabaseChoice } from '../../node/database-choice';
import { BRAIN_DIR } from '../../node/open-brain';
import { openStore } from '../../node/open-store';
import { parseCommandLine } from '../args';
import type { CliCommand } from '../cli-command';
import { CliError, EXIT } from '../errors';

export const migrateCommand: CliCommand = {
  longRunning: true,
  summary: 'Copy the brain into another database (a Postgres server, or back to the local store) without re-embedding; resumable.',
  usage: 'migrate --to <postgres://…|local|dir> [flags]',
  options: {
    to: { type: 'string', value: 'url|local|dir', description: 'Where to copy the brain: a postgres:// URL, "local" (<vault>/.vault-brain/db) or a folder' },
    'batch-size': { type: 'string', value: 'n', description: 'Rows per batch (default 500)' },
  },
  async run(argv, flags) {
    const { values } = parseCommandLine(argv, this.options);
    const vault = path.resolve(flags.vault);
    const to = typeof values.to === 'string' ? values.to.trim() : '';
    if (!to) throw new CliError('migrate needs --to: a postgres:// URL, "local" or a folder', EXIT.usage);
    const batchSize = values['batch-size'] === undefined ? 500 : Number(values['batch-size']);
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new CliError('--batch-size must be a whole number from 1 to 10000', EXIT.usage);

    const config = await readVaultConfig(path.join(vault, BRAIN_DIR));
    const source = chooseDatabase({ vault, flag: flags.db, env: process.env[DATABASE_URL_ENV], config: config.database });
    // The vault's source at both ends: its rows are copied, other vaults sharing either database are not touched.
    const vaultSource = chooseSource({ vault, flag: flags.source, config: config.source });
    const target = targetChoice(vault, to);
    const from = describeDatabase(source);
    const into = describeDatabase(target);
    if (from.kind === into.kind && from.location === into.location) throw new CliError(`the brain is already in ${into.location}`, EXIT.usage);

    const src = await openStore(source, { source: vaultSource });
    let report: CopyReport;
    try {
      // The target is bound to the source the copy came from (an embedded one may have kept an older name).
      const dst = await openStore(target, { source: { name: src.engine.source, explicit: true } });
      try {
        report = await copyStore(src.engine.connection, dst.engine.connection, { from: from.location, batchSize });
      } finally {
        await dst.close();
      }
    } finally {
      await src.close();
    }
    const out = { ...report, source: src.engine.source, from, to: into };
    if (flags.json) process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    else process.stdout.write(formatReport(out));
    if (!report.verified) {
      process.stderr.write(
        report.alreadyCopied
          ? 'vault-brain: the target holds an earlier copy and the brain has changed since; index into the target instead (--db), or empty it and migrate again\n'
          : 'vault-brain: the counts differ between the two databases (was the brain written to during the copy?); stop other writers and run migrate again to continue\n',
      );
      return EXIT.failure;
    }
    return EXIT.ok;
  },
};

function targetChoice(vault: string, to: string): DatabaseChoice {
  if (to.toLowerCase() === 'local') return { kind: 'pglite', dataDir: defaultDataDir(vault), origin: 'flag' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(to)) return { kind: 'postgres', url: checkedDatabaseUrl(to, 'flag'), origin: 'flag' };
  return { kind: 'pglite', dataDir: path.resolve(to), origin: 'flag' };
}

function formatReport(r: Omit<CopyReport, 'from'> & { from: { kind: string; location: string }; to: { kind: string; location: string } }): string {
  const lines = [
    `${r.alreadyCopied ? 'Already copied' : r.resumed ? 'Resumed and copied' : 'Copied'} ${r.from.kind} ${r.from.location} -> ${r.to.kind} ${r.to.location}`,
    ...Object.entries(r.tables).map(([t, c]) => `  ${t.padEnd(17)} ${String(c.target).padStart(8)} of ${c.source}${c.copied ? ` (${c.copied} this run)` : ''}`),
    `  ${'embeddings'.padEnd(17)} ${String(r.embeddings.target).padStart(8)} of ${r.embeddings.source}`,
    `  ${r.verified ? 'counts verified' : 'COUNTS DIFFER'} in ${r.seconds.toFixed(1)} s`,
  ];
  if (r.verified) lines.push(`Use it with --db ${r.to.location}${r.to.kind === 'postgres' ? ` (or "database" in .vault-brain/config.json, or ${DATABASE_URL_ENV})` : ''}.`);
  return `${lines.join('\n')}\n`;
}
