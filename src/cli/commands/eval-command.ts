// `vault-brain eval --queries set.jsonl [--k 5] [--vault dir] [--split dev|test] [--json] [--misses]`: indexes
// the vault if needed, runs every question through the production `search` operation and prints P@k, R@k, MRR,
// nDCG@k, overall, per kind and per half (dev, test) when the set is split. `--split` keeps one half only.
import { errorMessage } from '../../core/errors';
import { promises as fs } from 'node:fs';
import { createRegistry } from '../../core/ops';
import { parseEvalSet } from '../../core/search/eval-metrics';
import { formatEvalTable, runEval } from '../../core/search/run-eval';
import { openNodeBrain } from '../../node/open-brain';
import { parseCommandLine } from '../args';
import type { CliCommand } from '../cli-command';
import { CliError, EXIT } from '../errors';
import { createProgressBar } from '../progress';

export const evalCommand: CliCommand = {
  longRunning: true,
  summary: 'Measure search quality on a question set (JSON lines {"q", "rel": [paths], "kind"?}): P@k, R@k, MRR, nDCG@k.',
  usage: 'eval --queries <file.jsonl> [flags]',
  options: {
    queries: { type: 'string', value: 'file.jsonl', description: 'The question set (required)' },
    k: { type: 'string', value: 'n', description: 'Cut-off for P@k, R@k and nDCG@k (default 5)' },
    split: { type: 'string', value: 'dev|test', description: 'Only the questions of this half of the set' },
    misses: { type: 'boolean', description: 'List every question whose relevant notes were not all found' },
  },
  async run(argv, flags) {
    const { values } = parseCommandLine(argv, this.options);
    if (typeof values.queries !== 'string') throw new CliError('eval needs --queries <file.jsonl>', EXIT.usage);
    const k = values.k === undefined ? 5 : Number(values.k);
    if (!Number.isInteger(k) || k < 1 || k > 100) throw new CliError('--k must be an integer from 1 to 100', EXIT.usage);
    let text: string;
    try {
      text = await fs.readFile(values.queries, 'utf8');
    } catch (e) {
      throw new CliError(`cannot read ${values.queries}: ${errorMessage(e)}`, EXIT.usage);
    }
    let queries;
    try {
      queries = parseEvalSet(text);
    } catch (e) {
      throw new CliError(`${values.queries}: ${errorMessage(e)}`, EXIT.usage);
    }
    if (values.split !== undefined) {
      if (values.split !== 'dev' && values.split !== 'test') throw new CliError('--split must be dev or test', EXIT.usage);
      const half = values.split;
      queries = queries.filter((q) => q.split === half);
      if (queries.length === 0) throw new CliError(`${values.queries} has no ${half} questions`, EXIT.usage);
    }

    const bar = createProgressBar();
    const opened = await openNodeBrain({ vault: flags.vault, db: flags.db, source: flags.source, onProgress: (p) => bar.update(p) });
    try {
      await opened.brain.index();
      bar.end();
      const registry = createRegistry();
      const ctx = { brain: opened.brain, remote: false };
      const report = await runEval(
        queries,
        async (q, depth) => {
          // Two chunks of one note may both be listed: ask for enough results to see `depth` distinct notes.
          const r = await registry.call('search', { query: q, limit: Math.min(200, depth * 2) }, ctx);
          return r.results.map((x) => x.path);
        },
        k,
      );
      if (flags.json) {
        process.stdout.write(`${JSON.stringify({ queries: values.queries, vault: opened.vault, embedder: opened.brain.embedder?.id ?? null, ...report }, null, 2)}\n`);
        return 0;
      }
      const lines = [`${queries.length} questions${values.split ? ` (${values.split} half)` : ''} from ${values.queries} over ${opened.vault} (embedder: ${opened.brain.embedder?.id ?? 'none'})`, ...formatEvalTable(report)];
      if (values.misses === true) {
        for (const r of report.rows.filter((x) => x.recall < 1)) {
          lines.push('', `miss (R@${k} ${r.recall.toFixed(2)}, RR ${r.reciprocalRank.toFixed(2)}) [${r.kind}${r.split ? `, ${r.split}` : ''}] ${r.q}`, `  want: ${r.rel.join(' | ')}`, `  got:  ${r.top.slice(0, k).join(' | ')}`);
        }
      }
      process.stdout.write(`${lines.join('\n')}\n`);
      return 0;
    } finally {
      bar.end();
      await opened.close();
    }
  },
};
