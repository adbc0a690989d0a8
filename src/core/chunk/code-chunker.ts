// Symbol-level code splitting with web-tree-sitter. Loading is async (wasm), chunking is synchronous, so
// grammars are loaded up front (`languages`) or with `preload`, and `supports` answers only for loaded ones.
// The wasm bytes come from an injected loader: the core never touches the file system or the network.

import { Language, Parser, type Node } from 'web-tree-sitter';
import type { CodeChunker, CodePiece } from './chunk-note';
import { GRAMMAR_FILES, GRAMMAR_STAND_INS, MAIN_LANGUAGES, canonicalLanguage } from './languages';

/** Name of web-tree-sitter's runtime wasm, as asked of `loadWasm` (the file `web-tree-sitter.wasm` of the package). */
export const TREE_SITTER_RUNTIME_WASM = 'tree-sitter.wasm';

export interface CodeChunkerOptions {
  /** Returns the bytes of a wasm file: `tree-sitter.wasm` (runtime) or `tree-sitter-<grammar>.wasm`. */
  loadWasm: (name: string) => Promise<Uint8Array>;
  /** Languages to load now (names or aliases). Default: typescript, tsx, javascript, python, go, rust, java. */
  languages?: readonly string[];
  /** Parse time budget per call in ms (default 2000); past it `chunk` returns null and the caller falls back. */
  parseBudgetMs?: number;
}

export interface TreeSitterCodeChunker extends CodeChunker {
  /**
   * Loads more grammars; unknown names are ignored. A language whose grammar fails to load is read with its
   * stand-in's (GRAMMAR_STAND_INS) when that one loads, and stays unsupported otherwise.
   */
  preload(languages: readonly string[]): Promise<void>;
  /** Canonical names of the loaded languages. */
  loadedLanguages(): string[];
  /** Frees the parsers. The chunker must not be used afterwards. */
  dispose(): void;
}

let runtimeReady: Promise<void> | null = null;

function initRuntime(loadWasm: (name: string) => Promise<Uint8Array>): Promise<void> {
  runtimeReady ??= loadWasm(TREE_SITTER_RUNTIME_WASM)
    .then((wasmBinary) => Parser.init({ wasmBinary, locateFile: (f: string) => f }))
    .catch((err: unknown) => {
      runtimeReady = null;
      throw err;
    });
  return runtimeReady;
}

export async function createCodeChunker(opts: CodeChunkerOptions): Promise<TreeSitterCodeChunker> {
  await initRuntime(opts.loadWasm);
  const parsers = new Map<string, Parser>();
  const loading = new Map<string, Promise<void>>();

  const loadGrammars = async (wanted: ReadonlySet<string>): Promise<void> => {
    await Promise.all(
      [...wanted].map((lang) => {
        let p = loading.get(lang);
        if (!p) {
          p = opts
            .loadWasm(GRAMMAR_FILES[lang]!)
            .then((bytes) => Language.load(bytes))
            .then((language) => {
              const parser = new Parser();
              parser.setLanguage(language);
              parsers.set(lang, parser);
            })
            .catch(() => {
              // A missing or incompatible grammar leaves the language on the prose fallback.
              loading.delete(lang);
            });
          loading.set(lang, p);
        }
        return p;
      }),
    );
  };

  const preload = async (languages: readonly string[]): Promise<void> => {
    const wanted = new Set<string>();
    for (const l of languages) {
      const c = canonicalLanguage(l);
      if (c && !parsers.has(c)) wanted.add(c);
    }
    await loadGrammars(wanted);
    const standIns = new Map<string, string>();
    for (const lang of wanted) {
      const standIn = GRAMMAR_STAND_INS[lang];
      if (!parsers.has(lang) && standIn) standIns.set(lang, standIn);
    }
    if (standIns.size === 0) return;
    await loadGrammars(new Set([...standIns.values()].filter((l) => !parsers.has(l))));
    // One parser serves both: chunk() is synchronous, so no two parses share it at once.
    for (const [lang, standIn] of standIns) {
      const parser = parsers.get(standIn);
      if (parser) parsers.set(lang, parser);
    }
  };

  await preload(opts.languages ?? MAIN_LANGUAGES);
  const budget = opts.parseBudgetMs ?? 2000;

  return {
    supports(lang: string): boolean {
      const c = canonicalLanguage(lang);
      return c !== null && parsers.has(c);
    },
    chunk(code: string, lang: string): CodePiece[] | null {
      const c = canonicalLanguage(lang);
      const parser = c ? parsers.get(c) : undefined;
      if (!parser) return null;
      const deadline = performance.now() + budget;
      try {
        const tree = parser.parse(code, null, { progressCallback: () => performance.now() > deadline });
        if (!tree) {
          // A cancelled parse would otherwise resume on the next call.
          parser.reset();
          return null;
        }
        try {
          return symbolPieces(tree.rootNode, code);
        } finally {
          tree.delete();
        }
      } catch {
        parser.reset();
        return null;
      }
    },
    preload,
    loadedLanguages: () => [...parsers.keys()],
    dispose(): void {
      // A stand-in's parser is in the map under several languages: delete it once.
      for (const p of new Set(parsers.values())) p.delete();
      parsers.clear();
    },
  };
}

/** Node types that define a named symbol, by what they are. */
const SYMBOL_KINDS: Readonly<Record<string, string>> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  function_definition: 'function',
  function_item: 'function',
  function_signature_item: 'function',
  method_declaration: 'method',
  method_definition: 'method',
  abstract_method_signature: 'method',
  method: 'method',
  singleton_method: 'method',
  constructor_declaration: 'method',
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  class_definition: 'class',
  class: 'class',
  class_specifier: 'class',
  struct_specifier: 'struct',
  struct_item: 'struct',
  struct_declaration: 'struct',
  record_declaration: 'class',
  interface_declaration: 'interface',
  trait_item: 'trait',
  trait_declaration: 'trait',
  impl_item: 'impl',
  enum_declaration: 'enum',
  enum_item: 'enum',
  type_alias_declaration: 'type',
  type_declaration: 'type',
  mod_item: 'module',
  module: 'module',
  internal_module: 'module',
  namespace_declaration: 'module',
  namespace_definition: 'module',
  macro_definition: 'macro',
  lexical_declaration: 'function',
  variable_declaration: 'function',
  public_field_definition: 'method',
};

const CONTAINER_KINDS = new Set(['class', 'struct', 'interface', 'trait', 'impl', 'module', 'enum']);

/** Nodes that wrap a declaration (`export`, decorators, `declare`, templates, TS `namespace` statements). */
const WRAPPERS = new Set(['export_statement', 'decorated_definition', 'ambient_declaration', 'template_declaration', 'expression_statement']);

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function', 'class']);

/** The declaration inside a wrapper node, or the node itself. */
function unwrap(node: Node): Node {
  let n = node;
  for (let depth = 0; depth < 3 && WRAPPERS.has(n.type); depth++) {
    const inner =
      n.childForFieldName('declaration') ??
      n.childForFieldName('definition') ??
      n.childForFieldName('value') ??
      (n.namedChildCount === 1 || n.type === 'ambient_declaration' || n.type === 'template_declaration'
        ? n.namedChildren.find((c) => SYMBOL_KINDS[c.type] !== undefined || WRAPPERS.has(c.type))
        : undefined);
    if (!inner) return n;
    n = inner;
  }
  return n;
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 120 ? t.slice(0, 120) : t;
}

/** The symbol's name, or null when the node is not a named definition (a plain variable, an expression). */
function symbolName(node: Node, wrapper: Node): string | null {
  const type = node.type;
  if (type === 'lexical_declaration' || type === 'variable_declaration') {
    const decl = node.namedChildren.find((c) => c.type === 'variable_declarator');
    const value = decl?.childForFieldName('value');
    if (!decl || !value || !FUNCTION_VALUES.has(value.type)) return null;
    const name = decl.childForFieldName('name');
    return name ? oneLine(name.text) : null;
  }
  if (type === 'public_field_definition') {
    const value = node.childForFieldName('value');
    if (!value || !FUNCTION_VALUES.has(value.type)) return null;
  }
  if (type === 'impl_item') {
    const target = node.childForFieldName('type');
    const trait = node.childForFieldName('trait');
    if (!target) return null;
    return oneLine(trait ? `${trait.text} for ${target.text}` : target.text);
  }
  if (type === 'type_declaration') {
    const spec = node.namedChildren.find((c) => c.type === 'type_spec' || c.type === 'type_alias');
    const name = spec?.childForFieldName('name');
    return name ? oneLine(name.text) : null;
  }
  if (type === 'method_declaration') {
    // Go methods are named after their receiver type: `(r *T) M` -> `T.M`.
    const receiver = node.childForFieldName('receiver');
    const name = node.childForFieldName('name');
    if (receiver && name) {
      const recvType = receiver.descendantsOfType('type_identifier')[0];
      return oneLine(recvType ? `${recvType.text}.${name.text}` : name.text);
    }
  }
  const name = node.childForFieldName('name');
  if (name) return oneLine(name.text);
  // C/C++: the name sits at the bottom of a declarator chain.
  let decl = node.childForFieldName('declarator');
  while (decl) {
    const inner = decl.childForFieldName('declarator');
    if (!inner) return oneLine(decl.text);
    decl = inner;
  }
  if (wrapper.type === 'export_statement' && /^export\s+default\b/.test(wrapper.text.slice(0, 40))) return 'default';
  return null;
}

/** The node holding a container's members (class body, impl block), or null for leaf symbols. */
function bodyOf(node: Node): Node | null {
  const body = node.childForFieldName('body');
  if (body) return body;
  return node.namedChildren.find((c) => /body|block|declaration_list/.test(c.type)) ?? null;
}

function isComment(node: Node): boolean {
  return node.type.includes('comment');
}

/** Symbols among `nodes`, each extended over the comments directly above it. */
function piecesOf(nodes: Node[], code: string, depth: number): CodePiece[] {
  const out: CodePiece[] = [];
  let commentStart = -1;
  let prevEnd = -1;
  for (const node of nodes) {
    // A blank line between a comment and the next node detaches the comment.
    if (commentStart >= 0 && /\n[ \t\r]*\n/.test(code.slice(prevEnd, node.startIndex))) commentStart = -1;
    if (isComment(node)) {
      if (commentStart < 0) commentStart = node.startIndex;
      prevEnd = node.endIndex;
      continue;
    }
    const inner = unwrap(node);
    const kind = SYMBOL_KINDS[inner.type] ?? (node.type === 'export_statement' && FUNCTION_VALUES.has(inner.type) ? 'function' : undefined);
    const name = kind ? symbolName(inner, node) : null;
    if (kind && name !== null) {
      const piece: CodePiece = {
        start: commentStart >= 0 ? commentStart : node.startIndex,
        end: node.endIndex,
        symbol: name,
        nodeType: kind,
      };
      // Only containers get members: a big function is split by lines, and skipping function bodies keeps the walk cheap.
      const body = depth < 4 && CONTAINER_KINDS.has(kind) ? bodyOf(inner) : null;
      if (body) {
        const children = piecesOf(body.namedChildren, code, depth + 1);
        if (children.length > 0) piece.children = children;
      }
      out.push(piece);
    }
    commentStart = -1;
    prevEnd = node.endIndex;
  }
  return out;
}

function symbolPieces(root: Node, code: string): CodePiece[] {
  return piecesOf(root.namedChildren, code, 0);
}
