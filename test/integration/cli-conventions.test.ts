// Command-line conventions (clig.dev) as a user meets them: per-command help listing every flag, strict flags
// with "did you mean", the package version, NO_COLOR, and a .gitignore in the brain's folder.
import { beforeAll, describe, expect, it } from 'vitest';
import { promises as fs, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertBuilt, ROOT, runCli, type CliResult } from '../helpers/run-cli';
import { writeVaultFile } from '../helpers/vault-files';
import { colorEnabled, styleFor } from '../../src/cli/style';
import { ensureBrainDir } from '../../src/node/open-brain';

let vault: string;
let untouched: string;
let indexRun: CliResult;
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const ESC = '\x1b[';

beforeAll(async () => {
  assertBuilt();
  vault = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-conv-'));
  await writeVaultFile(vault, 'people/alice.md', '# Alice Chen\n\nAlice works at [[Acme]].\n');
  await writeVaultFile(vault, 'Acme.md', '# Acme\n\nA robotics company.\n');
  untouched = await fs.mkdtemp(path.join(os.tmpdir(), 'vb-conv-untouched-'));
  // The one fresh index (creates .vault-brain/): slow on a loaded machine, so it runs under the hook timeout.
  indexRun = await runCli(['index', '--vault', vault]);
});

describe('vault-brain command-line conventions', () => {
  it('prints a command\'s own help with every flag it takes, for `--help`, `-h` and `help <command>`', async () => {
    const search = await runCli(['search', '--help']);
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(/^Usage: vault-brain search <query> \[flags\]/);
    for (const flag of ['--limit <n>', '--offset <n>', '--folder <text>', '--tag <text>', '--type <text>', '--explain', '--vault <dir>', '--db <dir|url>', '--json', '-h, --help']) {
      expect(search.stdout).toContain(flag);
    }
    expect(search.stdout).toContain('default 10');
    expect((await runCli(['help', 'search'])).stdout).toBe(search.stdout);
    expect((await runCli(['search', '-h'])).stdout).toBe(search.stdout);

    const serve = await runCli(['serve', '--help']);
    for (const flag of ['--port <n>', '--host <addr>', '--token <t>', '--allow-writes', '--no-index', '--rate-limit <n>', '--burst <n>']) expect(serve.stdout).toContain(flag);
    expect((await runCli(['mcp', '--help'])).stdout).toContain('--allow-writes');
    expect((await runCli(['index', '--help'])).stdout).toContain('--full');
    expect((await runCli(['get-note', '--help'])).stdout).toContain('--max-chars <n>');
    const global = await runCli(['--help']);
    expect(global.code).toBe(0);
    expect(global.stdout).toContain('--help lists its flags');
  });

  it('refuses a misspelt flag with exit 2 and a suggestion, before touching the vault', async () => {
    const r = await runCli(['index', '--ful', '--vault', untouched]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown flag --ful (did you mean --full?)');
    expect(r.stdout).toBe('');
    await expect(fs.stat(path.join(untouched, '.vault-brain'))).rejects.toThrow(); // nothing was opened or created
    const limit = await runCli(['search', 'acme', '--limt', '3', '--vault', vault]);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain('did you mean --limit?');
    const noValue = await runCli(['search', 'acme', '--vault']);
    expect(noValue.code).toBe(2);
    const command = await runCli(['serach', 'acme']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('did you mean "search"?');
  });

  it('reports the version from package.json', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`vault-brain ${pkg.version}\n`);
  });

  it('creates .vault-brain/ with a .gitignore of everything, and leaves a user-edited one alone', async () => {
    expect(indexRun.code).toBe(0);
    // The summary says where the time went: indexing, opening the (new) database, and the whole run.
    expect(indexRun.stdout).toMatch(/^ {2}database {4}opened in \d+\.\d\d s \(new\)$/m);
    const wall = Number(/^ {2}wall {8}(\d+\.\d\d) s$/m.exec(indexRun.stdout)?.[1]);
    const indexing = Number(/^ {2}seconds {5}(\d+\.\d\d)$/m.exec(indexRun.stdout)?.[1]);
    expect(wall).toBeGreaterThan(indexing);
    const ignore = await fs.readFile(path.join(vault, '.vault-brain', '.gitignore'), 'utf8');
    expect(ignore.split('\n')).toContain('*');
    // Every later open goes through ensureBrainDir again: a .gitignore the user changed stays as it is.
    await fs.writeFile(path.join(vault, '.vault-brain', '.gitignore'), 'db/\n');
    await ensureBrainDir(path.join(vault, '.vault-brain'));
    expect(await fs.readFile(path.join(vault, '.vault-brain', '.gitignore'), 'utf8')).toBe('db/\n');
  });

  it('styles text only when asked for a pipe, and never with NO_COLOR', async () => {
    // Each run opens the database, so the environment rules are checked in-process and one run checks the wiring.
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(colorEnabled({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled({ isTTY: true }, { FORCE_COLOR: '1', NO_COLOR: 'yes' })).toBe(false);
    expect(styleFor({ isTTY: true }, {}).bold('Acme')).toBe(`${ESC}1mAcme${ESC}22m`);

    const forced = await runCli(['frobnicate'], { FORCE_COLOR: '1' });
    expect(forced.stderr).toContain(`${ESC}31mvault-brain:`);
    const noColor = await runCli(['search', 'robotics', '--vault', vault], { FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(noColor.code).toBe(0);
    expect(noColor.stdout).toMatch(/1\. Acme {2}Acme\.md:1/);
    expect(noColor.stdout + noColor.stderr).not.toContain(ESC);
  });
});
