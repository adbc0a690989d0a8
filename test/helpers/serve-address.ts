// The address a spawned `vault-brain serve` prints on stderr (its URL and generated token), read as the tests
// that talk to a real serve process need it.
import type { ChildProcess } from 'node:child_process';

export interface ServeAddress {
  url: string;
  token: string;
}

/** Resolves once `child` has printed both its URL and token; rejects if it exits first (with what it said). */
export function serveAddress(child: ChildProcess): Promise<ServeAddress> {
  let stderr = '';
  return new Promise<ServeAddress>((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const u = /URL\s+(\S+)/.exec(stderr);
      const t = /Token\s+(\S+)/.exec(stderr);
      if (u && t) resolve({ url: u[1]!, token: t[1]! });
    });
    child.on('exit', (code) => reject(new Error(`serve exited early (${code}): ${stderr}`)));
  });
}
