// The indexer: vault files -> parsed notes -> store. Incremental (mtime/size, then content hash), batched
// (every batch commits, so a crash resumes where it stopped), and never throws on a bad file.
import { errorMessage } from '../errors';
import type { ParsedNote } from '../types';
import type { CodeChunker, ChunkOptions } from '../chunk/chunk-note';
import type { Embedder } from '../embed/embedder';
import { inlineVectors } from './inline-vectors';
import { LinkResolver } from '../links/resolver';
import { targetKind } from '../links/target-typing';
import { READ_AHEAD, readAhead, type ReadResult } from './read-ahead';
import { incomingTypingRows, retypeRows, retypeStoredLinks, untypedLinkTargets } from './retype-links';
import { provisionalNote } from '../note/parse-note';
import { contentHash } from '../util/hash';
import { parseFileBytes, type ParseOutcome } from './parse-file';
import { emptyChange, type ParsePool, type ParsePoolFactory, type ParseStateChange, type PoolOutcome } from './parse-pool';
import { decodeFile, DEFAULT_MAX_FILE_BYTES, FileTooLargeError } from './decode-file';
import type { FileStatusRow, IndexStore, PageState, StoredFileStatus } from './index-store';
import type { PathFilter } from './path-rules';
import type { VaultFile, VaultSource } from './vault-source';

/** Bump when parsing/extraction changes what is stored: every note is re-parsed on the next run. */
// 2: full-text vectors computed in JS (text/lexemes.ts) instead of Postgres' to_tsvector.
// 3: target-aware typed edges (candidates, past, subjects named on the object's page, attendee lines).
// 4: a clause opening with another name in plain text is not the page's; kinds inferred from incoming links.
// 5: chunk full-text vectors carry the note's title, aliases and properties as weighted fields (text/search-fields.ts).
// 6: CJK runs also index their Han characters (text/segment.ts), so 删掉 and 删除 share a term.
// 7: typed edges on notes as people write them: denied, intended and someone else's relations stay mentions; label
//    lines, appositions and listed attendees typed when both kinds fit (docs/typed-edges.md).
export const PARSER_VERSION = '7';

/** Bytes of new files kept from rename detection for the parse that follows, so they are not read twice. */
const RENAME_READ_CACHE_BYTES = 64 * 1024 * 1024;

const META_PARSER_VERSION = 'parser_version';
/** Above this many touched notes one pass over every type-dependent link beats a path filter per row. */
const RETYPE_ALL_ABOVE = 500;
/**
 * From this many notes a first index defers the indexes only searches read (engine/sql/bulk-load.ts): building them
 * costs a pass over each table, which a few batches do not repay.
 */
export const BULK_LOAD_MIN_NOTES = 500;
/** From this many notes a run parses in the surface's parse pool, if it has one (starting workers costs ~0.1 s). */
export const PARSE_POOL_MIN_NOTES = 500;
/** Set while links may point at stale targets (pages added/removed); cleared after re-resolution. */
const META_RESOLUTION_PENDING = 'resolution_pending';
/**
 * Set before a run or an edit writes, cleared once its links are re-typed. A link's type can rest on other notes
 * (a note that does not say what it is takes its kind from the links to it), so a run cut short (kill -9, abort)
 * between its writes and its re-typing leaves links the next run's own writes do not reach: found set, the next
 * run re-types every type-dependent link.
 */
const META_RETYPE_PENDING = 'retype_pending';

export interface IndexProgress {
  phase: 'scan' | 'index' | 'resolve' | 'done';
  done: number;
  total: number;
  current?: string;
}

export interface IndexSummary {
  scanned: number;
  indexed: number;
  unchanged: number;
  deleted: number;
  renamed: number;
  skipped: number;
  failed: number;
  relinked: number;
  seconds: number;
  rebuilt: boolean;
}

export interface IndexerOptions {
  store: IndexStore;
  source: VaultSource;
  filter: PathFilter;
  codeChunker?: CodeChunker;
  chunkOptions?: ChunkOptions;
  maxFileBytes?: number;
  /** Notes per transaction. */
  batchSize?: number;
  /** The brain's embedder as it is now: a local one embeds new chunks as they are written (inline-vectors.ts). */
  embedder?: () => Embedder | null;
  /**
   * A first index writes a provisional page for every note before parsing, so a search during the run finds any
   * note by name (the plugin, whose panes search while it indexes). Costs ~0.9 s of CPU per 2k notes, so a
   * surface that waits for the run (the CLI's index command) leaves it off.
   */
  provisionalPages?: boolean;
  /**
   * A first index of at least this many notes without provisional pages defers the search indexes to its end
   * (default BULK_LOAD_MIN_NOTES).
   */
  bulkLoadMinNotes?: number;
  /**
   * Parse workers for a run of at least PARSE_POOL_MIN_NOTES notes (index/parse-pool.ts): batch k+1 is parsed there
   * while batch k is written. Edits (updatePaths) always parse here.
   */
  parsePool?: ParsePoolFactory;
  /** A run of at least this many notes parses in the pool (default PARSE_POOL_MIN_NOTES). */
  parsePoolMinNotes?: number;
  onProgress?: (p: IndexProgress) => void;
  /** Clock, injectable for tests. */
  now?: () => number;
}

interface Prepared {
  file: VaultFile;
  note?: ParsedNote;
  status: FileStatusRow;
}

/** A batch whose run-state updates are done (commitState) and whose rows are still to be written (commitWrite). */
interface Staged {
  prepared: Prepared[];
  pages: { note: ParsedNote; meta: { mtime: number; size: number }; vectors: Awaited<ReturnType<typeof inlineVectors>>[number] }[];
  dropped: string[];
  namesChanged: boolean;
}

export class Indexer {
  private readonly opts: Required<Pick<IndexerOptions, 'maxFileBytes' | 'batchSize' | 'now'>> & IndexerOptions;
  private resolver = new LinkResolver();
  private rebuiltOnce = false;
  private resolverBuilt = false;
  /** Aliases of every stored page, kept in step with the store so alias changes are seen without a query. */
  private knownAliases = new Map<string, string[]>();
  /** Page type of every stored page: a link's relation depends on what its target is. */
  private knownTypes = new Map<string, string>();
  /** Pages whose type (given, or inferred from links to them) may have changed since the last re-typing pass. */
  private typeChanged = new Set<string>();
  /** Bytes read by rename detection in this run, used once by prepare. */
  private readCache = new Map<string, Uint8Array>();

  constructor(options: IndexerOptions) {
    this.opts = {
      ...options,
      maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
      batchSize: options.batchSize ?? 100,
      now: options.now ?? (() => Date.now()),
    };
  }

  /** Brings the store in line with the vault. `full` re-parses every note even when unchanged. */
  async run(options: { full?: boolean; signal?: AbortSignal } = {}): Promise<IndexSummary> {
    const { store, source, filter } = this.opts;
    const started = this.opts.now();
    const summary = emptySummary();
    let full = options.full ?? false;
    this.readCache.clear();

    if (store.openState.needsRebuild && !this.rebuiltOnce) {
      this.rebuiltOnce = true;
      await store.clear();
      summary.rebuilt = true;
      full = true;
    }
    if ((await store.getMeta(META_PARSER_VERSION)) !== PARSER_VERSION) full = true;

    this.progress({ phase: 'scan', done: 0, total: 0 });
    const listed = await source.list();
    const accepted = listed.filter((f) => filter.accepts(f.path));
    const files = accepted.filter((f) => f.unindexable === undefined);
    summary.scanned = files.length;
    const stored = new Map((await store.getPageStates()).map((s) => [s.path, s]));
    const statuses = new Map((await store.fileStatuses()).map((s) => [s.path, s]));
    summary.skipped += await this.recordUnindexable(accepted, statuses);
    // An empty store is parsed by this version from the first batch on, so a crash mid-run can resume
    // incrementally. (A version upgrade over existing pages is only recorded once the run completes.)
    if (stored.size === 0) await store.setMeta(META_PARSER_VERSION, PARSER_VERSION);
    await this.buildResolver(listed);

    const present = new Set(accepted.map((f) => f.path));
    const candidates = files.filter((f) => full || isChanged(f, stored.get(f.path), statuses.get(f.path)));
    summary.unchanged = files.length - candidates.length;
    const gone = [...stored.keys()].filter((p) => !present.has(p));
    const goneStatuses = [...statuses.keys()].filter((p) => !present.has(p));

    const retypeLeftOver = (await store.getMeta(META_RETYPE_PENDING)) === '1';
    // Left set by a run cut short: links it wrote may point at notes it listed that moved before their pages were
    // written, so this run's re-resolution looks at those links too, not only the dangling ones.
    const resolutionLeftOver = (await store.getMeta(META_RESOLUTION_PENDING)) === '1';
    if (candidates.length > 0 || gone.length > 0) {
      await store.setMeta(META_RESOLUTION_PENDING, '1');
      if (!retypeLeftOver) await store.setMeta(META_RETYPE_PENDING, '1');
    }

    // Renames: a vanished page whose content reappears under a new path keeps its rows (and embeddings), and its
    // aliases (the resolver was built from stored aliases by path, so a link to an alias still finds it).
    const renamedFrom = await this.detectRenames(gone, candidates, stored);
    for (const [to, from] of renamedFrom) {
      await store.renamePage(from, to);
      const state = stored.get(from);
      stored.delete(from);
      if (state) stored.set(to, { ...state, path: to });
      this.moveAliases(from, to);
    }
    summary.renamed = renamedFrom.size;
    const renamedSources = new Set(renamedFrom.values());
    const deleted = gone.filter((p) => !renamedSources.has(p));
    await this.deletePages(deleted);
    if (goneStatuses.length > 0) await store.removeFileStatus(goneStatuses);
    summary.deleted = deleted.length;

    // A first index into an empty store, with nobody searching while it runs (no provisional pages: the CLI), builds
    // the indexes only searches read once at its end (engine/sql/bulk-load.ts). The plugin searches during its first
    // index, and there scans of the growing tables cost more than the index upkeep saved (docs/plugin-performance.md).
    const bulkLoad =
      this.opts.provisionalPages !== true &&
      stored.size === 0 &&
      candidates.length >= (this.opts.bulkLoadMinNotes ?? BULK_LOAD_MIN_NOTES) &&
      (await store.beginBulkLoad?.()) === true;
    try {
      const written = await this.writeAll(candidates, stored, summary, full, options.signal);
      if (!options.signal?.aborted && (await store.getMeta(META_RESOLUTION_PENDING)) === '1') {
        this.progress({ phase: 'resolve', done: 0, total: 1 });
        summary.relinked = await this.reresolveLinks(resolutionLeftOver);
        await store.setMeta(META_RESOLUTION_PENDING, '0');
      }
      // Links written early in the run were typed before later notes' types were known: a full run re-picks every
      // type-dependent link, an incremental one those touching the notes it wrote.
      const touched = [...this.typeChanged, ...written];
      if (!options.signal?.aborted) {
        await this.retype(full || retypeLeftOver || stored.size === 0 || touched.length > RETYPE_ALL_ABOVE ? null : touched);
        if (retypeLeftOver || candidates.length > 0 || gone.length > 0) await store.setMeta(META_RETYPE_PENDING, '0');
      }
    } catch (e) {
      // The run's own error is the one to report (the brain's guard looks for store damage in it); a store that
      // cannot build them now builds them at its next open.
      if (bulkLoad) await store.endBulkLoad?.().catch(() => undefined);
      throw e;
    }
    // After re-resolution and re-typing, whose link updates then touch no deferred index (each of their queries
    // reads the links table once); built when the run is cut short too, for the searches after it.
    if (bulkLoad) await store.endBulkLoad?.();
    await store.setMeta(META_PARSER_VERSION, PARSER_VERSION);
    await store.setMeta('last_index_at', String(this.opts.now()));
    await store.flush();
    summary.seconds = (this.opts.now() - started) / 1000;
    this.progress({ phase: 'done', done: candidates.length, total: candidates.length });
    return summary;
  }

  /** Writes the candidates in batches (one transaction each), after provisional pages on a first index. */
  private async writeAll(candidates: VaultFile[], stored: Map<string, PageState>, summary: IndexSummary, full: boolean, signal?: AbortSignal): Promise<string[]> {
    const { store } = this.opts;
    // A first index: every note gets a provisional page named by its file at once, so a search finds it by name
    // while the run parses the rest (at 10k notes the last batch lands minutes later). Parsed batches write over them.
    if (this.opts.provisionalPages === true && stored.size === 0 && candidates.length > this.opts.batchSize) {
      await store.putProvisionalPages(candidates.map((f) => provisionalNote(f.path)));
      // Known to the run as stored pages: one that turns out unreadable or binary is deleted, not left behind.
      for (const f of candidates) stored.set(f.path, { path: f.path, contentHash: '', mtime: -1, size: 0 });
      await store.flush();
    }

    let done = 0;
    const total = candidates.length;
    const nextRead = readAhead(
      candidates.map((f) => f.path),
      READ_AHEAD,
      (path) => this.cachedRead(path),
    );
    const written: string[] = [];
    const batches: VaultFile[][] = [];
    for (let i = 0; i < candidates.length; i += this.opts.batchSize) batches.push(candidates.slice(i, i + this.opts.batchSize));
    const pool = candidates.length >= (this.opts.parsePoolMinNotes ?? PARSE_POOL_MIN_NOTES) ? this.startParsePool() : null;
    try {
      // With a pool, batch k+1 is read and parsed while batch k is written; its parse starts only once batch k's
      // notes have updated the run state (commitState), as the serial order has it.
      let parsing = pool ? this.parseInPool(pool, batches[0] ?? [], stored, full, nextRead, emptyChange()) : null;
      for (let b = 0; b < batches.length; b++) {
        if (signal?.aborted) break;
        const batch = batches[b]!;
        let prepared: Prepared[];
        if (parsing) {
          prepared = await parsing;
          for (const file of batch) this.progress({ phase: 'index', done: done++, total, current: file.path });
        } else {
          prepared = [];
          for (const file of batch) {
            this.progress({ phase: 'index', done, total, current: file.path });
            const p = await this.prepare(file, stored.get(file.path), full, await nextRead());
            if (p) prepared.push(p);
            done++;
          }
        }
        const change = pool ? emptyChange() : undefined;
        const staged = await this.commitState(prepared, stored, !full, change);
        parsing = pool && change && b + 1 < batches.length && !signal?.aborted ? this.parseInPool(pool, batches[b + 1]!, stored, full, nextRead, change) : null;
        await this.commitWrite(staged, summary);
        for (const p of prepared) if (p.note) written.push(p.note.path);
        this.progress({ phase: 'index', done, total });
      }
      // A batch parsed ahead of an abort: its outcome is not wanted, but its rejection must not go unhandled.
      await parsing?.catch(() => undefined);
    } finally {
      await pool?.close().catch(() => undefined);
    }
    this.readCache.clear();
    return written;
  }

  /** The surface's parse pool for this run, started from the run state as it is now; null without one. */
  private startParsePool(): ParsePool | null {
    const factory = this.opts.parsePool;
    if (!factory) return null;
    try {
      return factory({
        targets: this.resolver.entries(),
        types: [...this.knownTypes],
        codeChunking: this.opts.codeChunker !== undefined,
        ...(this.opts.chunkOptions ? { chunkOptions: this.opts.chunkOptions } : {}),
        maxFileBytes: this.opts.maxFileBytes,
      });
    } catch {
      return null;
    }
  }

  /**
   * Reads a batch (in order, through the run's read-ahead) and parses it in the pool after `change`. A pool that
   * fails (a worker died) leaves the batch to this thread's parser, so a run never stops for it.
   */
  private async parseInPool(
    pool: ParsePool,
    batch: VaultFile[],
    stored: Map<string, PageState>,
    force: boolean,
    nextRead: () => Promise<ReadResult>,
    change: ParseStateChange,
  ): Promise<Prepared[]> {
    const reads: ReadResult[] = [];
    for (let i = 0; i < batch.length; i++) reads.push(await nextRead());
    const jobs = batch.flatMap((file, i) => {
      const r = reads[i]!;
      return 'bytes' in r ? [{ path: file.path, bytes: r.bytes }] : [];
    });
    let outcomes: PoolOutcome[] | null;
    try {
      outcomes = await pool.parse(jobs, change);
    } catch {
      outcomes = null;
    }
    const prepared: Prepared[] = [];
    let j = 0;
    for (let i = 0; i < batch.length; i++) {
      const file = batch[i]!;
      const read = reads[i]!;
      const outcome = 'bytes' in read && outcomes ? outcomes[j++] : undefined;
      // Left to this thread (a worker failed, or the file may need the code chunker): the run state is the one the
      // pool parsed with, as the next batch's state updates come only after this batch is returned.
      const p = outcome && !('deferred' in outcome) ? this.prepared(file, stored.get(file.path), force, outcome) : await this.prepare(file, stored.get(file.path), force, read);
      if (p) prepared.push(p);
    }
    return prepared;
  }

  /** Files the source listed but cannot serve (a name that is not UTF-8): status rows say why. */
  private async recordUnindexable(files: VaultFile[], statuses: Map<string, StoredFileStatus>): Promise<number> {
    const rows = files
      .filter((f) => f.unindexable !== undefined)
      .filter((f) => {
        const s = statuses.get(f.path);
        return !s || s.status !== 'skipped' || s.reason !== f.unindexable || s.mtime !== f.mtime || s.size !== f.size;
      })
      .map((f) => ({ path: f.path, size: f.size, mtime: f.mtime, status: 'skipped' as const, reason: f.unindexable! }));
    if (rows.length > 0) await this.opts.store.recordFileStatus(rows);
    return rows.length;
  }

  /** Applies changes to specific paths (file events): created, modified or deleted. */
  async updatePaths(paths: string[]): Promise<IndexSummary> {
    const { store, source, filter } = this.opts;
    const started = this.opts.now();
    const summary = emptySummary();
    if (!this.resolverBuilt) await this.buildResolver(await source.list());
    const stored = new Map((await store.getPageStates([...new Set(paths)])).map((s) => [s.path, s]));

    const retypeLeftOver = (await store.getMeta(META_RETYPE_PENDING)) === '1';
    const removed: string[] = [];
    const prepared: Prepared[] = [];
    for (const path of new Set(paths)) {
      const file = filter.accepts(path) ? await source.stat(path) : null;
      if (!file) {
        if (stored.has(path)) removed.push(path);
        this.resolver.remove(path);
        continue;
      }
      if (!stored.has(path)) this.resolver.upsert({ path });
      summary.scanned++;
      const p = await this.prepare(file, stored.get(path), false);
      if (p) prepared.push(p);
      else summary.unchanged++;
    }
    const writes = removed.length > 0 || prepared.length > 0;
    if (writes && !retypeLeftOver) await store.setMeta(META_RETYPE_PENDING, '1');
    if (removed.length > 0) {
      await store.setMeta(META_RESOLUTION_PENDING, '1');
      await this.deletePages(removed);
      await store.removeFileStatus(removed);
      summary.deleted = removed.length;
    }
    const namesChanged = await this.commit(prepared, stored, summary, true);
    if (removed.length > 0 || namesChanged) {
      await store.setMeta(META_RESOLUTION_PENDING, '1');
      summary.relinked = await this.reresolveLinks();
      await store.setMeta(META_RESOLUTION_PENDING, '0');
    }
    // The edited notes' links were typed against the given types; kinds inferred from other notes' links, and the
    // links into a note whose type changed (or that is new), are settled here.
    const written = prepared.filter((p) => p.note).map((p) => p.note!.path);
    if (retypeLeftOver) await this.retype(null);
    else if (this.typeChanged.size > 0 || written.length > 0) await this.retype([...this.typeChanged, ...written]);
    if (writes || retypeLeftOver) await store.setMeta(META_RETYPE_PENDING, '0');
    await store.flush();
    summary.seconds = (this.opts.now() - started) / 1000;
    return summary;
  }

  private moveAliases(from: string, to: string): void {
    const aliases = this.knownAliases.get(from) ?? [];
    this.knownAliases.delete(from);
    this.knownAliases.set(to, aliases);
    this.resolver.upsert({ path: to, aliases });
  }

  /** A rename reported by the app: keeps rows and embeddings, then re-parses under the new path. */
  async rename(from: string, to: string): Promise<IndexSummary> {
    const { store, filter } = this.opts;
    if ((await store.getPage(from)) !== null && filter.accepts(to)) {
      await store.renamePage(from, to);
      await store.removeFileStatus([from]);
      this.resolver.remove(from);
      this.moveAliases(from, to);
    }
    const summary = await this.updatePaths([from, to]);
    summary.renamed = 1;
    return summary;
  }

  private async storedAliases(): Promise<Map<string, string[]>> {
    const pages = await this.opts.store.listPages({});
    this.knownTypes = new Map(pages.map((p) => [p.path, p.type]));
    return new Map(pages.map((p) => [p.path, p.aliases]));
  }

  private async deletePages(paths: string[]): Promise<void> {
    if (paths.length === 0) return;
    // Links into a deleted note now point at a missing one: re-typed with that end unknown ("only people attend").
    const incoming = await incomingTypingRows(this.opts.store, paths);
    for (const path of paths) {
      await this.opts.store.deletePage(path);
      this.knownAliases.delete(path);
      this.knownTypes.delete(path);
    }
    if (incoming.length > 0) await retypeRows(this.opts.store, incoming);
  }

  /** Re-picks the type of stored links with candidates touching `paths` (all when null). */
  private async retype(paths: string[] | null): Promise<void> {
    this.typeChanged.clear();
    if (paths !== null && paths.length === 0) return;
    await retypeStoredLinks(this.opts.store, paths === null ? null : [...new Set(paths)]);
  }

  /** Every non-excluded file is a link target (attachments too: an embedded image that exists is no hole). */
  private async buildResolver(listed: VaultFile[]): Promise<void> {
    const aliases = await this.storedAliases();
    this.knownAliases = aliases;
    const targets = listed.filter((f) => !this.opts.filter.excludedByRule(f.path));
    this.resolver = new LinkResolver(targets.map((f) => ({ path: f.path, aliases: aliases.get(f.path) ?? [] })));
    this.resolverBuilt = true;
  }

  private async detectRenames(gone: string[], candidates: VaultFile[], stored: Map<string, PageState>): Promise<Map<string, string>> {
    const renamed = new Map<string, string>();
    if (gone.length === 0) return renamed;
    const byHash = new Map<string, string>();
    for (const p of gone) {
      const h = stored.get(p)?.contentHash;
      if (h) byHash.set(h, p);
    }
    const fresh = candidates.filter((f) => !stored.has(f.path) && byHash.size > 0);
    const nextRead = readAhead(fresh.map((f) => f.path), READ_AHEAD, (path) => this.opts.source.read(path, { maxBytes: this.opts.maxFileBytes }));
    let cached = 0;
    for (const file of fresh) {
      const read = await nextRead();
      if (!('bytes' in read)) continue;
      const bytes = read.bytes;
      if (cached + bytes.byteLength <= RENAME_READ_CACHE_BYTES) {
        this.readCache.set(file.path, bytes);
        cached += bytes.byteLength;
      }
      const decoded = decodeFile(bytes, this.opts.maxFileBytes);
      if (!decoded.ok) continue;
      const hash = contentHash(decoded.text);
      const from = byHash.get(hash);
      if (from) {
        renamed.set(file.path, from);
        byHash.delete(hash);
      }
    }
    return renamed;
  }

  /** A read that takes the bytes rename detection already fetched, once. */
  private cachedRead(path: string): Promise<Uint8Array> {
    const bytes = this.readCache.get(path);
    if (bytes === undefined) return this.opts.source.read(path, { maxBytes: this.opts.maxFileBytes });
    this.readCache.delete(path);
    return Promise.resolve(bytes);
  }

  private async read(path: string): Promise<ReadResult> {
    try {
      return { bytes: await this.opts.source.read(path, { maxBytes: this.opts.maxFileBytes }) };
    } catch (error) {
      return { error };
    }
  }

  /**
   * Parses one file from its read result (read here when not given). Null when the file is unchanged (same
   * hash) and only its stat moved.
   */
  private async prepare(file: VaultFile, prev: PageState | undefined, force: boolean, read?: ReadResult): Promise<Prepared | null> {
    const base = { path: file.path, size: file.size, mtime: file.mtime };
    const result = read ?? (await this.read(file.path));
    if (!('bytes' in result)) {
      if (result.error instanceof FileTooLargeError) return { file, status: { ...base, status: 'skipped', reason: `too-large: ${result.error.message}` } };
      return { file, status: { ...base, status: 'failed', reason: `unreadable: ${errorMessage(result.error)}` } };
    }
    const outcome = parseFileBytes(
      file.path,
      result.bytes,
      { resolver: this.resolver, typeOf: (path) => this.knownTypes.get(path), codeChunker: this.opts.codeChunker, chunkOptions: this.opts.chunkOptions },
      this.opts.maxFileBytes,
    );
    return this.prepared(file, prev, force, outcome);
  }

  /** A parse outcome as the batch holds it; null when the note is unchanged (same hash) and only its stat moved. */
  private prepared(file: VaultFile, prev: PageState | undefined, force: boolean, outcome: ParseOutcome): Prepared | null {
    const base = { path: file.path, size: file.size, mtime: file.mtime };
    if ('skipped' in outcome) return { file, status: { ...base, status: 'skipped', reason: outcome.skipped } };
    // A parser bug must not stop the run: the file is reported, the rest is indexed.
    if ('failed' in outcome) return { file, status: { ...base, status: 'failed', reason: outcome.failed } };
    const { note } = outcome;
    if (!force && prev && prev.contentHash === note.contentHash && prev.mtime === file.mtime && prev.size === file.size) return null;
    const reason = note.warnings.length > 0 ? note.warnings.map((w) => w.code).join(', ') : null;
    return { file, note, status: { ...base, status: 'indexed', reason } };
  }

  /** Writes one batch in one transaction. Returns whether titles/aliases changed (links may re-resolve). */
  private async commit(prepared: Prepared[], stored: Map<string, PageState>, summary: IndexSummary, untypedTargets: boolean): Promise<boolean> {
    return this.commitWrite(await this.commitState(prepared, stored, untypedTargets), summary);
  }

  /**
   * A batch's first half: its vectors, and the run state (resolver, known aliases and types) updated from its notes,
   * which the next batch's parse reads. `change` collects the state updates for a parse pool.
   * `untypedTargets`: note the untyped targets of the links being replaced (a full run re-types everything).
   */
  private async commitState(prepared: Prepared[], stored: Map<string, PageState>, untypedTargets: boolean, change?: ParseStateChange): Promise<Staged> {
    const { store } = this.opts;
    const notes = prepared.flatMap((p) => (p.note ? [p.note] : []));
    const vectors = await inlineVectors(this.opts.embedder?.() ?? null, notes);
    const pages = prepared
      .filter((p) => p.note)
      .map((p, i) => ({ note: p.note!, meta: { mtime: p.file.mtime, size: p.file.size }, vectors: vectors[i] }));
    const typeOf = (path: string): string | undefined => this.knownTypes.get(path);
    const rewritten = pages.map((p) => p.note.path).filter((p) => stored.has(p));
    if (untypedTargets && rewritten.length > 0) for (const t of await untypedLinkTargets(store, rewritten, typeOf)) this.typeChanged.add(t);
    const dropped = prepared.filter((p) => !p.note && stored.has(p.file.path)).map((p) => p.file.path);
    let namesChanged = false;
    for (const { note } of pages) {
      const before = this.knownAliases.get(note.path);
      if (!before || before.join('\u0000') !== note.aliases.join('\u0000')) namesChanged = true;
      this.knownAliases.set(note.path, note.aliases);
      if (this.knownTypes.get(note.path) !== note.type) this.typeChanged.add(note.path);
      this.knownTypes.set(note.path, note.type);
      this.resolver.upsert({ path: note.path, aliases: note.aliases });
      change?.types.push([note.path, note.type]);
      change?.upserts.push({ path: note.path, aliases: note.aliases });
    }
    // A note that does not say what it is takes its kind from the links to it: new links may change it.
    for (const { note } of pages) for (const l of note.links) if (l.target !== null && targetKind(l.target, typeOf) === 'unknown') this.typeChanged.add(l.target);
    if (dropped.length > 0) {
      // Forgotten here (deletePages does it again), before the next batch's parse reads the types.
      for (const path of dropped) this.knownTypes.delete(path);
      change?.forgotten.push(...dropped);
      namesChanged = true;
    }
    return { prepared, pages, dropped, namesChanged };
  }

  /** A batch's second half: its rows, in one transaction. Returns whether titles/aliases changed. */
  private async commitWrite({ prepared, pages, dropped, namesChanged }: Staged, summary: IndexSummary): Promise<boolean> {
    const { store } = this.opts;
    // A note that became binary/too large/unreadable leaves the index; the status row says why.
    if (dropped.length > 0) await this.deletePages(dropped);
    if (pages.length > 0) await store.putPages(pages);
    if (prepared.length > 0) await store.recordFileStatus(prepared.map((p) => p.status));
    await store.flush();
    for (const p of prepared) {
      if (p.status.status === 'indexed') summary.indexed++;
      else if (p.status.status === 'skipped') summary.skipped++;
      else summary.failed++;
    }
    return namesChanged;
  }

  /**
   * Points dangling links at notes that now exist (added later in the run, or found by a new alias).
   * Links to deleted notes were made dangling by the engine, so they get a second chance here too.
   */
  private async reresolveLinks(unstoredTargets = false): Promise<number> {
    const { store } = this.opts;
    // A dangling link (toPath null) is updated when it now resolves; with unstoredTargets, so is a link to a path
    // holding no page when it resolves elsewhere (an attachment resolves to itself again; a note that is no longer
    // there resolves to where it went, or dangles).
    const links = [...(await store.listDanglingLinks()).map((l) => ({ ...l, toPath: null as string | null })), ...(unstoredTargets ? await store.linksToUnstoredPaths() : [])];
    const updates: { id: number; toPath: string | null }[] = [];
    for (const link of links) {
      const to = this.resolver.resolve(link.targetText, link.fromPath);
      if (to !== link.toPath) updates.push({ id: link.id, toPath: to });
    }
    if (updates.length > 0) await store.setLinkTargets(updates);
    // A link that now reaches a note may read differently (only people attend).
    for (const u of updates) if (u.toPath !== null) this.typeChanged.add(u.toPath);
    return updates.length;
  }

  private progress = (p: IndexProgress): void => void this.opts.onProgress?.(p);
}

function isChanged(file: VaultFile, page: PageState | undefined, status: StoredFileStatus | undefined): boolean {
  if (page) return page.mtime !== file.mtime || page.size !== file.size;
  // Skipped files are re-read only when they change.
  if (status && status.status === 'skipped') return status.mtime !== file.mtime || status.size !== file.size;
  return true;
}

const emptySummary = (): IndexSummary => ({ scanned: 0, indexed: 0, unchanged: 0, deleted: 0, renamed: 0, skipped: 0, failed: 0, relinked: 0, seconds: 0, rebuilt: false });

