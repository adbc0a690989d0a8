// `vault-brain index [--full]`: bring the database in line with the folder, then embed what changed.
import { openNodeBrain } from '../../node/open-brain';
import { parseCommandLine } from '../args';
import type { CliCommand } from '../cli-command';
import { createProgressBar } from '../progress';
import { EXIT } from '../errors';

const round3 = (s: number): number => Math.round(s * 1000) / 1000;

export const indexCommand: CliCommand = {
  longRunning: true,
  summary: 'Index the vault (only what changed; --full re-parses every note), then embed new chunks.',
  usage: 'index [flags]',
  options: { full: { type: 'boolean', description: 'Re-parse every note, not only the ones that changed' } },
  async run(argv, flags) {
    const { values } = parseCommandLine(argv, this.options);
    const bar = createProgressBar();
    const opened = await openNodeBrain({
      vault: flags.vault,
      db: flags.db,
      source: flags.source,
      onProgress: (p) => bar.update(p),
      // This command is the re-index: a recovered database is filled by the run below.
      reindexAfterRecovery: false,
    });
    try {
      const run = await opened.brain.index({ full: values.full === true });
      const summary = { ...run, rebuilt: run.rebuilt || opened.recovery !== null, recovery: opened.recovery };
      bar.end();
      const stats = await opened.brain.engine.stats();
      const embedError = summary.embed?.error ? summary.embed.error.message : null;
      const out = {
        ...summary,
        notes: stats.pages,
        chunks: stats.chunks,
        links: stats.links,
        typedLinks: stats.typedLinks,
        dangling: stats.dangling,
        // An Error serialises as {}: the reason is given as text, and null when embedding worked or was not asked.
        embeddingsFailed: embedError,
        // Where the time went besides indexing: opening the database, and the whole command from process start.
        databaseOpenSeconds: round3(opened.database.openMs / 1000),
        databaseFresh: opened.database.fresh,
        wallSeconds: round3(performance.now() / 1000),
      };
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } else {
        const lines = [
          `Indexed ${opened.vault}${summary.rebuilt ? ' (database rebuilt)' : ''}`,
          `  notes       ${stats.pages} (${summary.indexed} indexed, ${summary.unchanged} unchanged, ${summary.deleted} deleted, ${summary.renamed} renamed)`,
          `  chunks      ${stats.chunks}`,
          `  links       ${stats.links} (${stats.typedLinks} typed, ${stats.dangling} dangling)`,
          `  skipped     ${summary.skipped}${summary.failed ? `, failed ${summary.failed}` : ''}${summary.skipped + summary.failed > 0 ? ' (see `vault-brain status`)' : ''}`,
        ];
        if (summary.embed) lines.push(`  embedded    ${summary.embed.embedded} chunks${summary.embed.error ? ` (stopped: ${summary.embed.error.message})` : ''}`);
        lines.push(`  seconds     ${summary.seconds.toFixed(2)}`);
        lines.push(`  database    opened in ${out.databaseOpenSeconds.toFixed(2)} s${out.databaseFresh ? ' (new)' : ''}`);
        lines.push(`  wall        ${out.wallSeconds.toFixed(2)} s`);
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (embedError !== null) {
        // Scripts must not take a run whose vectors are missing for a good one: a code of its own, said on stderr.
        process.stderr.write(`vault-brain: embeddings failed, semantic search is incomplete: ${embedError}\n`);
        return EXIT.embeddingsFailed;
      }
      return 0;
    } finally {
      bar.end();
      await opened.close();
    }
  },
};
