// Runs the built CLI (`npm run build` first; CI builds before testing) as a real child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const CLI = path.join(ROOT, 'bin', 'vault-brain.cjs');

export function assertBuilt(): void {
  if (!existsSync(path.join(ROOT, 'dist', 'cli.cjs'))) {
    throw new Error('dist/cli.cjs is missing: run `npm run build` before the CLI tests');
  }
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function startCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = startCli(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
