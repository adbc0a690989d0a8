// The data contracts shared by every stage of the pipeline and every surface.
// Stages: markdown (parse) -> links (extract, type, resolve) -> chunk -> engine (store) -> search/think.

/** A problem found while reading a note. The note is still indexed; the warning is stored with it. */
export interface ParseWarning {
  /** Stable machine code, e.g. `yaml-invalid`, `timeline-bad-date`. */
  code: string;
  message: string;
  /** 1-based line in the file, when known. */
  line?: number;
}

/** Where a link was written. */
export type LinkSource = 'wikilink' | 'embed' | 'markdown' | 'frontmatter' | 'inline-field';

/** Built-in relation types. Inline fields and unknown frontmatter keys use their field name instead. */
export type KnownLinkType =
  | 'mentions'
  | 'founded'
  | 'invested_in'
  | 'advises'
  | 'works_at'
  | 'attended'
  | 'related_to';

/** One reading of a link: its relation type and direction, and what said so. */
export interface EdgeCandidate {
  type: string;
  direction: 'out' | 'in';
  evidence?: string;
  /** The relation is over (`used to work at`, `left`, `前任`). */
  past?: boolean;
  /** Weak reading: only taken when both ends' kinds are known and fit. */
  strict?: boolean;
}

export interface ExtractedLink {
  /** The exact text that was matched, e.g. `[[Acme|the company]]`. */
  raw: string;
  /** The link target as written, decoded, without subpath or alias: `Acme`, `people/alice-chen`, `../x.md`. */
  targetText: string;
  /** `#Heading` or `#^block`, without the `#`, when present. */
  subpath?: string;
  /** Display text (`[[A|this]]`, `[this](A.md)`). */
  alias?: string;
  source: LinkSource;
  /** Frontmatter key or inline-field name the link came from. */
  field?: string;
  /** Relation type: a KnownLinkType or a field name. */
  type: string;
  /**
   * `out`: this note -> target. `in`: target -> this note (e.g. `key_people` on a company means the
   * person works at this company, `attendees` on a meeting means the person attended it).
   */
  direction: 'out' | 'in';
  /** The words that made the link typed (a verb match, a field name, a page-type rule). */
  evidence?: string;
  /** The relation is over ("used to work at", "left", "former", "前任", "曾在"). */
  past?: boolean;
  /**
   * The readings the text allows, best first, when the type depends on what the two ends are (only people attend
   * a meeting): `type`/`direction` are the first that fits; a change of a target's type re-picks from these.
   */
  candidates?: EdgeCandidate[];
  /** 1-based line of the match in the file. */
  line: number;
  /** Character offset of the match in the file. */
  offset: number;
  /** About ±120 characters of text around the match, on one line (newlines folded to spaces). */
  context: string;
}

/** A link after resolution against the vault. */
export interface ResolvedLink extends ExtractedLink {
  /** Vault-relative path of the target note, or null when no note matches (dangling). */
  target: string | null;
}

export interface TimelineEntry {
  /** ISO calendar date `YYYY-MM-DD` (validated against the calendar). */
  date: string;
  summary: string;
  /** 1-based line in the file. */
  line: number;
}

export type ChunkKind = 'prose' | 'timeline' | 'code';

export interface Chunk {
  /** Position of the chunk within the note, from 0. */
  ord: number;
  /** Heading path joined with ` > `, empty at the top of a note. */
  heading: string;
  headingPath: string[];
  text: string;
  /** Character offsets into the whole file (start inclusive, end exclusive). */
  charStart: number;
  charEnd: number;
  /** 1-based lines in the whole file. */
  startLine: number;
  endLine: number;
  kind: ChunkKind;
  /** For code chunks: the language (`typescript`, `python`, ...). */
  language?: string;
  /** For code chunks: the function/class/method name. */
  symbol?: string;
  /** Rough token count (words for Latin script, characters for CJK). */
  tokenEstimate: number;
  /** Hash of `text`: chunks with the same text keep their identity (and embeddings) across edits. */
  hash: string;
}

/** Everything the brain sees in one note. */
export interface ParsedNote {
  /** Vault-relative path with forward slashes, e.g. `people/Alice Chen.md`. */
  path: string;
  title: string;
  /** Frontmatter `type`, else inferred from the top folder, else `note`. */
  type: string;
  aliases: string[];
  /** Without `#`, e.g. `project/alpha`. Unique, in order of first appearance. */
  tags: string[];
  frontmatter: Record<string, unknown>;
  warnings: ParseWarning[];
  /** The text above the timeline marker (the current, compiled view of the entity). */
  compiledTruth: string;
  /** The text of the timeline section (empty when the note has none). */
  timelineText: string;
  timeline: TimelineEntry[];
  links: ResolvedLink[];
  chunks: Chunk[];
  /** Hash of the whole file text. */
  contentHash: string;
}
