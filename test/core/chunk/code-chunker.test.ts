import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkNote } from '../../../src/core/chunk/chunk-note';
import { createCodeChunker, type TreeSitterCodeChunker } from '../../../src/core/chunk/code-chunker';
import { canonicalLanguage, languageForPath } from '../../../src/core/chunk/languages';
import { nodeWasmLoader } from '../../../src/node/tree-sitter-wasm';
import type { Chunk } from '../../../src/core/types';
import { expectValidChunks, noteInput } from './helpers';

const CAPS = { maxWords: 600, maxChars: 4000 };
let chunker: TreeSitterCodeChunker;
let initMs = 0;

beforeAll(async () => {
  const t0 = performance.now();
  // A generous parse budget: the default (2 s wall clock) can run out on a loaded CI box and fall back.
  chunker = await createCodeChunker({ loadWasm: nodeWasmLoader, parseBudgetMs: 60_000 });
  initMs = performance.now() - t0;
});

afterAll(() => chunker.dispose());

function codeFile(path: string, text: string): Chunk[] {
  const lang = languageForPath(path);
  if (!lang) throw new Error(`no language for ${path}`);
  const chunks = chunkNote({ path, text, compiledRange: [0, text.length], timelineRange: [text.length, text.length], fileLanguage: lang, codeChunker: chunker });
  expectValidChunks(text, chunks, CAPS);
  return chunks;
}

const symbols = (chunks: Chunk[]): (string | undefined)[] => chunks.map((c) => c.symbol);

describe('createCodeChunker', () => {
  it('loads the main languages in reasonable time', () => {
    expect(chunker.loadedLanguages().sort()).toEqual(['go', 'java', 'javascript', 'python', 'rust', 'tsx', 'typescript']);
    for (const l of ['ts', 'typescript', 'tsx', 'js', 'jsx', 'mjs', 'py', 'python', 'go', 'rs', 'rust', 'java']) expect(chunker.supports(l)).toBe(true);
    expect(chunker.supports('haskell')).toBe(false);
    expect(chunker.supports('ruby')).toBe(false);
    // About 130-450 ms here (runtime + 7 grammars, ~2.5 MB of wasm); the bound only catches a hang.
    expect(initMs).toBeLessThan(20_000);
  });

  it('loads more grammars on demand with preload', async () => {
    await chunker.preload(['rb', 'cs', 'nonsense']);
    expect(chunker.supports('ruby')).toBe(true);
    expect(chunker.supports('c#')).toBe(true);
    const pieces = chunker.chunk('class Greeter\n  def hi\n    1\n  end\nend\n', 'ruby');
    expect(pieces?.map((p) => [p.symbol, p.children?.map((c) => c.symbol)])).toEqual([['Greeter', ['hi']]]);
  });

  it('survives a loader that fails for a grammar', async () => {
    const c = await createCodeChunker({
      loadWasm: (name) => (name.includes('python') ? Promise.reject(new Error('missing')) : nodeWasmLoader(name)),
      languages: ['python', 'go'],
    });
    expect(c.supports('go')).toBe(true);
    expect(c.supports('python')).toBe(false);
    expect(c.chunk('def f(): pass', 'python')).toBeNull();
    c.dispose();
  });

  it("reads TypeScript and JavaScript with TSX's grammar when theirs are missing (as the plugin ships)", async () => {
    const asked: string[] = [];
    const c = await createCodeChunker({
      loadWasm: (name) => {
        asked.push(name);
        return /typescript|javascript/.test(name) ? Promise.reject(new Error('not embedded')) : nodeWasmLoader(name);
      },
      languages: ['ts', 'js'],
      parseBudgetMs: 60_000,
    });
    try {
      expect(asked.filter((n) => n.includes('tsx'))).toEqual(['tree-sitter-tsx.wasm']);
      expect(c.loadedLanguages().sort()).toEqual(['javascript', 'tsx', 'typescript']);
      for (const l of ['ts', 'tsx', 'js', 'jsx', 'mjs']) expect(c.supports(l)).toBe(true);
      const pieces = (chunkerOf: TreeSitterCodeChunker, code: string, lang: string): unknown =>
        chunkerOf.chunk(code, lang)?.map((p) => [p.symbol, p.nodeType, p.start, p.end, p.children?.map((k) => k.symbol)]);
      const samples: [string, string][] = [
        ["import { a } from './a';\n/** Adds. */\nexport function add(x: number, y: number): number { return x + y; }\nexport class Calc<T> implements Shape {\n  private total = 0;\n  plus(n: number): void { this.total += n; }\n}\ninterface Shape { area(): number }\ntype Id = string;\nenum Mode { A, B }\nexport abstract class Base { abstract run(): void }\n", 'ts'],
        ["const x = 1;\nfunction f(a, b) { return a < b; }\nexport default class App { render() { return <div className='x'>{x}</div>; } }\nconst g = async function* () {};\n", 'jsx'],
        ['class K {\n  #p = 1;\n  static s() {}\n  get v() { return this.#p; }\n}\nmodule.exports = { K };\n', 'js'],
      ];
      for (const [code, lang] of samples) expect(pieces(c, code, lang)).toEqual(pieces(chunker, code, lang));
      // TypeScript's old `<T>value` cast reads as an unclosed JSX element: the symbols after it are not found,
      // but every line is still indexed.
      const cast = 'function a() {}\nconst n = <number>value;\nfunction b() {}\n';
      expect(c.chunk(cast, 'ts')?.map((p) => p.symbol)).toEqual(['a']);
      const chunks = chunkNote({ path: 'old.ts', text: cast, compiledRange: [0, cast.length], timelineRange: [cast.length, cast.length], fileLanguage: 'typescript', codeChunker: c });
      expectValidChunks(cast, chunks, CAPS);
      expect(chunks.map((k) => k.text).join('\n')).toContain('function b() {}');
    } finally {
      c.dispose();
    }
  });

  it('gives up (null) when parsing exceeds the time budget, and parses normally afterwards', async () => {
    const c = await createCodeChunker({ loadWasm: nodeWasmLoader, languages: ['js'], parseBudgetMs: 0 });
    const big = 'function f() { return 1; }\n'.repeat(20000);
    expect(c.chunk(big, 'js')).toBeNull();
    c.dispose();
    expect(chunker.chunk('function g() {}', 'js')?.map((p) => p.symbol)).toEqual(['g']);
  });

  it('returns null for unknown languages and copes with garbage and binary input', () => {
    expect(chunker.chunk('x', 'cobol')).toBeNull();
    const junk = '\u0000\u0001}{)(][' + '\uFFFD'.repeat(100) + 'def ((((';
    expect(Array.isArray(chunker.chunk(junk, 'python'))).toBe(true);
    expect(Array.isArray(chunker.chunk('{'.repeat(20000), 'javascript'))).toBe(true);
  });

  it('maps names and extensions', () => {
    expect(canonicalLanguage('TS')).toBe('typescript');
    expect(canonicalLanguage('golang')).toBe('go');
    expect(canonicalLanguage('toString')).toBeNull();
    expect(languageForPath('src/a.rs')).toBe('rust');
    expect(languageForPath('notes/a.md')).toBeNull();
    expect(languageForPath('Makefile')).toBeNull();
    expect(languageForPath('.bashrc')).toBeNull();
  });
});

describe('code files', () => {
  it('TypeScript: one chunk per top-level symbol, imports and statements kept, comments attached', () => {
    const src = [
      "import { a } from './a';",
      "import b from 'b';",
      '',
      '/** Adds. */',
      'export function add(x: number, y: number): number {',
      '  return x + y;',
      '}',
      '',
      'export const mul = (x: number, y: number) => x * y;',
      '',
      'export class Calc {',
      '  total = 0;',
      '  plus(n: number) { this.total += n; }',
      '}',
      '',
      'interface Shape { area(): number }',
      'type Id = string;',
      'console.log(add(1, 2));',
      '',
    ].join('\n');
    const chunks = codeFile('src/calc.ts', src);
    expect(symbols(chunks)).toEqual([undefined, 'add', 'mul', 'Calc', 'Shape', 'Id', undefined]);
    expect(chunks[0]!.text).toBe("import { a } from './a';\nimport b from 'b';");
    expect(chunks[1]!.text.startsWith('/** Adds. */\nexport function add')).toBe(true);
    expect(chunks[1]!.startLine).toBe(4);
    expect(chunks[1]!.endLine).toBe(7);
    expect(chunks[6]!.text).toBe('console.log(add(1, 2));');
    for (const c of chunks) {
      expect(c.kind).toBe('code');
      expect(c.language).toBe('typescript');
    }
  });

  it('Python: functions, classes, decorators', () => {
    const src = 'import os\n\n@cache\ndef load(p):\n    return os.path.exists(p)\n\nclass Store:\n    def get(self, k):\n        return k\n\nif __name__ == "__main__":\n    load("x")\n';
    const chunks = codeFile('tool.py', src);
    expect(symbols(chunks)).toEqual([undefined, 'load', 'Store', undefined]);
    expect(chunks[1]!.text.startsWith('@cache')).toBe(true);
    expect(chunks[3]!.text.startsWith('if __name__')).toBe(true);
  });

  it('Go: functions, methods named by receiver, types', () => {
    const src = 'package main\n\nimport "fmt"\n\ntype Server struct {\n\tport int\n}\n\nfunc (s *Server) Start() error {\n\treturn nil\n}\n\nfunc main() {\n\tfmt.Println("hi")\n}\n';
    expect(symbols(codeFile('main.go', src))).toEqual([undefined, 'Server', 'Server.Start', 'main']);
  });

  it('Rust: fns, structs, impls and traits', () => {
    const src = 'use std::fmt;\n\npub struct P { x: i32 }\n\nimpl P {\n    pub fn new() -> Self { P { x: 0 } }\n}\n\nimpl fmt::Display for P {\n    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "p") }\n}\n\nfn main() {}\n';
    expect(symbols(codeFile('lib.rs', src))).toEqual([undefined, 'P', 'P', 'fmt::Display for P', 'main']);
  });

  it('JavaScript and Java', () => {
    expect(symbols(codeFile('a.mjs', 'const x = 1;\nfunction f() {}\nexport default class App {}\n'))).toEqual([undefined, 'f', 'App']);
    expect(symbols(codeFile('A.java', 'package p;\n\npublic class A {\n  void m() {}\n}\n'))).toEqual([undefined, 'A']);
  });

  it('splits a class larger than the cap at its methods, named Class.method', () => {
    const method = (i: number): string =>
      `  method${i}(a: number): number {\n${Array.from({ length: 30 }, (_, k) => `    const v${k} = a + ${k} * ${i};`).join('\n')}\n    return a;\n  }`;
    const src = `export class Big {\n  field = 1;\n${Array.from({ length: 8 }, (_, i) => method(i)).join('\n\n')}\n}\n`;
    const chunks = codeFile('big.ts', src);
    const syms = symbols(chunks);
    expect(syms).toContain('Big.method0');
    expect(syms).toContain('Big.method7');
    expect(syms[0]).toBe('Big'); // the class header and fields
    expect(chunks[chunks.length - 1]!.text).toBe('}');
  });

  it('splits a function larger than the cap by lines, every part keeping the symbol', () => {
    const body = Array.from({ length: 700 }, (_, k) => `    total += ${k} * x`).join('\n');
    const src = `def huge(x):\n    total = 0\n${body}\n    return total\n`;
    const chunks = codeFile('huge.py', src);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.symbol).toBe('huge');
      expect(c.text.startsWith('    ') || c.text.startsWith('def huge')).toBe(true);
    }
    expect(chunks[chunks.length - 1]!.text.endsWith('return total')).toBe(true);
  });

  it('unsupported code languages fall back to line splitting as code', () => {
    const src = 'SELECT 1;\n'.repeat(500);
    const chunks = chunkNote({ path: 'q.sql', text: src, compiledRange: [0, 0], timelineRange: [0, 0], fileLanguage: 'sql', codeChunker: chunker });
    expectValidChunks(src, chunks, CAPS);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((c) => c.kind === 'code' && c.language === 'sql' && c.symbol === undefined)).toBe(true);
  });

  it('parses a large code file reasonably fast', () => {
    const fn = (i: number): string => `export function f${i}(a: number): number {\n  const b = a * ${i};\n  return b + 1;\n}\n`;
    const src = Array.from({ length: 3000 }, (_, i) => fn(i)).join('\n');
    const input = { path: 'many.ts', text: src, compiledRange: [0, 0] as [number, number], timelineRange: [0, 0] as [number, number], fileLanguage: 'ts', codeChunker: chunker };
    const cpu = process.cpuUsage();
    const chunks = chunkNote(input);
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(5000);
    expectValidChunks(src, chunks, CAPS);
    expect(chunks).toHaveLength(3000);
    expect(chunks[2999]!.symbol).toBe('f2999');
  });
});

describe('code fences in notes', () => {
  const note = [
    '# Snippets',
    '',
    'Some prose about the helper.',
    '',
    '```ts',
    'import x from "x";',
    'function helper() { return x; }',
    'class Widget { render() {} }',
    '```',
    '',
    'Prose between fences.',
    '',
    '```python',
    'def run():',
    '    pass',
    '```',
    '',
    '## Go',
    '```go',
    'func Serve() {}',
    '```',
    '',
    '```rust',
    'fn go() {}',
    '```',
    '',
    '```js',
    'const f = function () {};',
    '```',
    '',
    '```haskell',
    'main = putStrLn "hi"',
    '```',
    '',
    '```',
    'no language',
    '```',
  ].join('\n');

  it('turns supported fences into code chunks with symbols, keeps the rest in prose', () => {
    const chunks = chunkNote(noteInput(note, { codeChunker: chunker }));
    expectValidChunks(note, chunks, CAPS);
    const view = chunks.map((c) => [c.kind, c.language ?? '', c.symbol ?? '', c.heading]);
    expect(view).toEqual([
      ['prose', '', '', 'Snippets'],
      ['code', 'typescript', '', 'Snippets'],
      ['code', 'typescript', 'helper', 'Snippets'],
      ['code', 'typescript', 'Widget', 'Snippets'],
      ['prose', '', '', 'Snippets'],
      ['code', 'python', 'run', 'Snippets'],
      ['code', 'go', 'Serve', 'Snippets > Go'],
      ['code', 'rust', 'go', 'Snippets > Go'],
      ['code', 'javascript', 'f', 'Snippets > Go'],
      ['prose', '', '', 'Snippets > Go'],
    ]);
    const helper = chunks[2]!;
    expect(helper.text).toBe('function helper() { return x; }');
    expect(helper.startLine).toBe(7);
    expect(chunks[9]!.text).toContain('main = putStrLn');
    expect(chunks[9]!.text).toContain('no language');
    // The prose before the first fence does not include the fence.
    expect(chunks[0]!.text).toBe('# Snippets\n\nSome prose about the helper.');
  });

  it('without a code chunker every fence stays prose', () => {
    const chunks = chunkNote(noteInput(note));
    expect(chunks.every((c) => c.kind === 'prose')).toBe(true);
    expect(chunks.map((c) => c.heading)).toEqual(['Snippets', 'Snippets > Go']);
  });

  it('keeps code chunk hashes when the prose around them changes', () => {
    const a = chunkNote(noteInput(note, { codeChunker: chunker }));
    const edited = note.replace('Prose between fences.', 'Different prose between the fences.');
    const b = chunkNote(noteInput(edited, { codeChunker: chunker }));
    const codeHashes = (cs: Chunk[]): string[] => cs.filter((c) => c.kind === 'code').map((c) => c.hash);
    expect(codeHashes(b)).toEqual(codeHashes(a));
  });
});
