// Language names: fence info strings and file extensions mapped to one canonical name per grammar.

/** Canonical language -> grammar file in @vscode/tree-sitter-wasm. */
export const GRAMMAR_FILES: Readonly<Record<string, string>> = {
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  python: 'tree-sitter-python.wasm',
  go: 'tree-sitter-go.wasm',
  rust: 'tree-sitter-rust.wasm',
  java: 'tree-sitter-java.wasm',
  cpp: 'tree-sitter-cpp.wasm',
  csharp: 'tree-sitter-c-sharp.wasm',
  ruby: 'tree-sitter-ruby.wasm',
  php: 'tree-sitter-php.wasm',
  bash: 'tree-sitter-bash.wasm',
  css: 'tree-sitter-css.wasm',
};

/**
 * A grammar that also reads a language, used when the language's own grammar is unavailable. The plugin ships
 * TSX's grammar alone for TypeScript, TSX and JavaScript (-0.16 MB of main.js): it is TypeScript's grammar with
 * JSX, and JavaScript reads as TypeScript without types (test/core/chunk: same pieces on TypeScript, JSX and
 * JavaScript samples). It misreads TypeScript's old `<T>value` cast as an unclosed JSX element: in a file with one,
 * the symbols after it are not found (its text is still chunked and indexed).
 */
export const GRAMMAR_STAND_INS: Readonly<Record<string, string>> = { typescript: 'tsx', javascript: 'tsx' };

/** The languages loaded by default. */
export const MAIN_LANGUAGES: readonly string[] = ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java'];

const ALIASES: Readonly<Record<string, string>> = {
  ts: 'typescript',
  typescript: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  javascript: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  py: 'python',
  python: 'python',
  python3: 'python',
  py3: 'python',
  go: 'go',
  golang: 'go',
  rs: 'rust',
  rust: 'rust',
  java: 'java',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  cs: 'csharp',
  csharp: 'csharp',
  'c#': 'csharp',
  'c-sharp': 'csharp',
  rb: 'ruby',
  ruby: 'ruby',
  php: 'php',
  sh: 'bash',
  bash: 'bash',
  shell: 'bash',
  zsh: 'bash',
  css: 'css',
};

/** Canonical name for a fence language or extension (`ts` -> `typescript`), or null when no grammar exists. */
export function canonicalLanguage(lang: string): string | null {
  const key = lang.trim().toLowerCase().replace(/^\./, '');
  return Object.prototype.hasOwnProperty.call(ALIASES, key) ? ALIASES[key]! : null;
}

/** Language of a code file by its extension, or null for anything else (Markdown included). */
export function languageForPath(path: string): string | null {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return null;
  return canonicalLanguage(path.slice(dot + 1));
}
