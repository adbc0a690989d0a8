// The headless library: what benchmarks, scripts and other Node programs use (bundled on demand by
// bench/lib.mjs). Same core as the CLI and the plugin.
export { Brain } from '../core/brain';
export { openNodeBrain, createEmbedder } from './open-brain';
export { FsVaultSource } from './fs-vault-source';
export { PGliteEngine } from '../core/engine/pglite/pglite-engine';
export { Indexer } from '../core/index/indexer';
export { PathFilter, defaultRules } from '../core/index/path-rules';
export { parseNote } from '../core/note/parse-note';
export { parseMarkdown } from '../core/markdown/parse-markdown';
export { extractLinks } from '../core/links/extract-links';
export { LinkResolver } from '../core/links/resolver';
export { buildVaultResolver } from '../core/index/vault-resolver';
export { chunkNote } from '../core/chunk/chunk-note';
export { createCodeChunker } from '../core/chunk/code-chunker';
export { nodeWasmLoader } from './tree-sitter-wasm';
export { decodeFile } from '../core/index/decode-file';
export { createRegistry } from '../core/ops';
export { DEFAULT_LLM_SETTINGS } from '../core/think/settings';
export { hybridSearch } from '../core/search/hybrid-search';
export { parseEvalSet, queryMetrics, aggregate } from '../core/search/eval-metrics';
export { runEval, formatEvalTable } from '../core/search/run-eval';
export { loadBuiltinEmbedderFromDisk } from './embedder-asset';
