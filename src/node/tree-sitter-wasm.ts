// Reads tree-sitter wasm files from the installed packages, for the CLI, the MCP server and tests.
// The runtime is web-tree-sitter's own `web-tree-sitter.wasm` (it must match the JS glue of the same
// version; @vscode/tree-sitter-wasm ships a different runtime build that is not used). Grammars come
// from @vscode/tree-sitter-wasm/wasm/.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { TREE_SITTER_RUNTIME_WASM } from '../core/chunk/code-chunker';

// The CLI is bundled to CJS (no import.meta there); tests and scripts run as ESM (no __filename there).
const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);

let dirs: { runtime: string; grammars: string } | null = null;

function packageDirs(): { runtime: string; grammars: string } {
  dirs ??= {
    runtime: require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
    grammars: join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm'),
  };
  return dirs;
}

/** `loadWasm` for createCodeChunker on Node. Only plain `tree-sitter-*.wasm` names are accepted. */
export async function nodeWasmLoader(name: string): Promise<Uint8Array> {
  const d = packageDirs();
  if (name === TREE_SITTER_RUNTIME_WASM || name === 'web-tree-sitter.wasm') return new Uint8Array(await readFile(d.runtime));
  if (!/^tree-sitter-[a-z0-9-]+\.wasm$/.test(name)) throw new Error(`Unknown tree-sitter wasm: ${name}`);
  return new Uint8Array(await readFile(join(d.grammars, name)));
}
