// The shapes `think` works with: what was gathered, what the model (or the extractive fallback) said, and
// the gaps found in the store. JSON of ThinkResult is a contract (CLI --json, MCP): add fields, never rename.

/** Where an excerpt came from; the answer and the gaps say which retrieval arm found a note. */
export type ExcerptOrigin = 'search' | 'graph' | 'timeline' | 'anchor';

/** One numbered piece of a note, as shown to the model. Numbers start at 1. */
export interface Excerpt {
  n: number;
  path: string;
  title: string;
  heading: string;
  /** 1-based lines in the note the text came from. */
  startLine: number;
  endLine: number;
  text: string;
  origin: ExcerptOrigin;
  /** For graph excerpts: the relation type that brought the note in. */
  relation?: string;
  /** The note was written by an agent through MCP (tag `agent_written`), not by the user. */
  agentWritten?: boolean;
}

export interface Citation {
  path: string;
  title: string;
  line: number;
  /** The excerpt number the claim cited. */
  n: number;
}

export interface Claim {
  text: string;
  citations: Citation[];
  /** `typed-facts`: the claim names the notes the typed edges answering a relation question point at. */
  from?: 'typed-facts';
}

export type GapKind = 'hole' | 'stale' | 'conflict' | 'unsourced' | 'thin' | 'absent';

export interface Gap {
  kind: GapKind;
  detail: string;
  /** The notes involved (for a hole: the notes that link to the missing one). */
  paths: string[];
  /** For holes: the missing note's name as linked. */
  target?: string;
  /** For `absent`: the question's words no visible note holds. */
  terms?: string[];
}

export interface ThinkResult {
  question: string;
  /** Markdown, with citations as `[[path|title]]` links. */
  answer: string;
  claims: Claim[];
  /** Every distinct (path, line) cited, in answer order. */
  citations: { path: string; line: number; title: string }[];
  gaps: Gap[];
  /** `provider:model`, or null for the extractive answer. */
  model: string | null;
  /** Why no model was used (absent when one was). */
  fallbackReason?: string;
  /** Paths whose text was put in a prompt to the provider (empty when none was called). */
  sentToProvider: string[];
  /** Citations the model made to excerpts that do not exist (removed from the answer). */
  droppedCitations: number;
  /**
   * Lines of the model's answer that cited no gathered note: left out of `answer` and `claims` (unverifiable,
   * possibly injected). Plain text, for a collapsed "unsourced, not shown" reveal; never render it as Markdown.
   */
  withheld: string[];
  /** Cited notes that an agent wrote through MCP (tag `agent_written`); the answer says so. */
  agentWritten: string[];
  /** Things that went wrong without stopping the answer (a model answer cut off for its size). */
  warnings: string[];
  excerpts: Omit<Excerpt, 'text'>[];
  /** Set when the answer was saved as a note. */
  savedTo?: string;
}

/** A chat model reached through a provider SDK. */
export interface ChatModel {
  /** `anthropic:claude-...`, `openai:gpt-...`. */
  readonly id: string;
  complete(request: ChatRequest): Promise<string>;
}

export interface ChatRequest {
  system: string;
  user: string;
  maxTokens: number;
  signal?: AbortSignal;
  /** Called with each piece of text as it streams in. */
  onDelta?: (text: string) => void;
  /**
   * False: one unstreamed request (search's model stages, short answers), sent through the transport's `fetch`
   * (the plugin's requestUrl). Default true: streamed, falling back once to unstreamed when the stream cannot start.
   */
  stream?: boolean;
}
