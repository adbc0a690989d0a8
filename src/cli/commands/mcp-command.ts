// `vault-brain mcp`: the MCP server over stdio, for clients that spawn it (Claude Desktop, Cursor).
// stdout carries the protocol only; every log line goes to stderr. The protocol is answered at once; tool calls
// wait for the brain to open and index (or are told to try again if that takes long).
import { errorMessage } from '../../core/errors';
import { setUpNodeMcp } from '../../mcp/node-setup';
import { parseCommandLine } from '../args';
import type { CliCommand } from '../cli-command';

export const mcpCommand: CliCommand = {
  longRunning: true,
  summary: 'Serve the brain to MCP clients over stdio (read-only unless --allow-writes).',
  usage: 'mcp [flags]',
  options: {
    'allow-writes': { type: 'boolean', description: 'Offer the write tools (create_note, append_to_note)' },
    'no-index': { type: 'boolean', description: 'Serve the database as it is, without indexing at start' },
  },
  async run(argv, flags) {
    const { values } = parseCommandLine(argv, this.options);
    protectStdout();
    const log = (message: string): void => void process.stderr.write(`vault-brain mcp: ${message}\n`);
    const allowWrites = values['allow-writes'] === true;
    // Loaded here, not at start: the MCP SDK takes a few hundred ms to load, which every other command would pay.
    const [{ createMcpServer }, { LineStdioTransport }] = await Promise.all([import('../../mcp/server'), import('../../mcp/stdio-transport')]);
    const setup = setUpNodeMcp({ vault: flags.vault, db: flags.db, source: flags.source, allowWrites, index: values['no-index'] !== true, log });
    const server = createMcpServer({ backend: setup.backend, allowWrites, auditLog: setup.auditLog, transport: 'stdio', log });

    return new Promise<number>((resolve) => {
      let closing = false;
      const shutdown = (code: number): void => {
        if (closing) return;
        closing = true;
        void server
          .close()
          .catch(() => undefined)
          .then(() => setup.close())
          .then(
            () => resolve(code),
            (e: unknown) => {
              log(`close failed: ${errorMessage(e)}`);
              resolve(1);
            },
          );
      };
      server.onclose = () => shutdown(0);
      process.stdin.once('end', () => shutdown(0));
      process.once('SIGINT', () => shutdown(0));
      process.once('SIGTERM', () => shutdown(0));
      server.connect(new LineStdioTransport(process.stdin, process.stdout, { log })).catch((e: unknown) => {
        log(`could not start: ${errorMessage(e)}`);
        shutdown(1);
      });
      setup.ready.then(
        () => log(`serving ${setup.vault} over stdio (writes ${allowWrites ? 'enabled' : 'disabled'}; audit log ${setup.auditFile})`),
        (e: unknown) => {
          // Nothing can be answered without the brain (missing vault, database locked): say why and stop.
          log(errorMessage(e));
          shutdown(1);
        },
      );
    });
  },
};

/** Libraries that print with console.log would corrupt the protocol stream: send them to stderr instead. */
function protectStdout(): void {
  const toStderr = (...args: unknown[]): void => console.error(...args);
  Object.assign(console, { log: toStderr, info: toStderr, debug: toStderr });
}
