// English full-text lexemes computed in JS, written to Postgres as tsvector/tsquery literals. The documents and
// the queries go through the same tokenizer and stemmer here, so they always agree; Postgres only parses the
// literal (to_tsvector in PGlite's WASM ran at ~4 MB/s and was the largest single cost of indexing).
//
// Tokens are maximal runs of letters, digits and combining marks, lower-cased; stopwords take a position but
// are not stored; each word is stemmed with Snowball English, which is what Postgres' `english` configuration
// does for ordinary words. Unlike Postgres' parser, punctuation always separates (`notes.md` -> note, md;
// `state-of-the-art` -> state, art), with no extra compound, URL or e-mail tokens: more recall on both sides.
// CJK text arrives already split into words and bigrams by segment.ts.
import { ENGLISH_STOPWORDS, stemEnglish } from './english-stem';

const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
/** Postgres' largest word position (positions beyond it are clamped to it). */
const MAX_POSITION = 16383;
/** Positions kept per lexeme (Postgres' limit). */
const MAX_POSITIONS_PER_LEXEME = 256;
/** Longer tokens are dropped: a lexeme must stay under Postgres' 2 KB limit even in 4-byte UTF-8. */
const MAX_TOKEN_LENGTH = 500;
/** A tsvector holds at most 1 MB of lexemes; stop adding new ones well before. */
const MAX_LEXEME_BYTES = 900_000;

/** token -> lexeme, null for a stopword. */
const lexemeCache = new Map<string, string | null>();
const LEXEME_CACHE_MAX = 100_000;

/** The lexeme for one lower-case token, or null for a stopword or an over-long token. */
function lexemeOf(token: string): string | null {
  const hit = lexemeCache.get(token);
  if (hit !== undefined) return hit;
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const lexeme = ENGLISH_STOPWORDS.has(token) ? null : stemEnglish(token);
  // Bounded: word frequencies are Zipfian, so a cleared cache refills with the common words at once.
  if (lexemeCache.size >= LEXEME_CACHE_MAX) lexemeCache.clear();
  lexemeCache.set(token, lexeme);
  return lexeme;
}

/** 1 for an ASCII letter or digit, by char code (the common case, without a regex per character). */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[a-z0-9]/.test(String.fromCharCode(c)) ? 1 : 0;

/** Calls `emit(lexeme, position)` for every non-stopword token; positions start at 1 and count stopwords. */
export function forEachLexeme(text: string, emit: (lexeme: string, position: number) => void): void {
  const lower = text.toLowerCase();
  let position = 0;
  const token = (t: string): void => {
    position++;
    const lexeme = lexemeOf(t);
    if (lexeme !== null) emit(lexeme, Math.min(position, MAX_POSITION));
  };
  // ASCII words are cut by char code; a run touching any other character goes through the Unicode regex.
  let start = -1;
  let ascii = true;
  const n = lower.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? lower.charCodeAt(i) : 32;
    if (c < 128) {
      if (ASCII_WORD[c] === 1) {
        if (start < 0) {
          start = i;
          ascii = true;
        }
        continue;
      }
      if (start >= 0) {
        if (ascii) token(lower.slice(start, i));
        else for (const m of lower.slice(start, i).matchAll(TOKEN)) token(m[0]);
        start = -1;
      }
    } else {
      if (start < 0) start = i;
      ascii = false;
    }
  }
}

/** A quoted lexeme for tsvector/tsquery input. */
export function quoteLexeme(lexeme: string): string {
  if (!lexeme.includes("'") && !lexeme.includes('\\')) return `'${lexeme}'`;
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 2 : 3;
  }
  return n;
}

/** A tsvector position label: A, B, C, or D (the default, written without a label). */
export type FieldLabel = 'A' | 'B' | 'C' | 'D';

/** One field of a chunk's text and the label its positions carry (see text/search-fields.ts). */
export interface WeightedText {
  text: string;
  label: FieldLabel;
}

/**
 * The tsvector literal for a text (`'lexem':1,4 'other':2`), to be cast with `::tsvector`. Empty text gives ''
 * (an empty tsvector). Never throws and stays within Postgres' tsvector limits whatever the input.
 */
export function tsvectorLiteral(text: string): string {
  return weightedTsvectorLiteral([{ text, label: 'D' }]);
}

/**
 * The tsvector literal of several fields, each position labelled with its field (`note:1A,7 link:9`), so a
 * ranker can weigh a title word above a body word (ts_rank_cd's weights). Positions run on across fields with a
 * gap of one, so a phrase never matches across the seam of two fields.
 */
export function weightedTsvectorLiteral(fields: readonly WeightedText[]): string {
  const positions = new Map<string, string[]>();
  const last = new Map<string, number>();
  let bytes = 0;
  let offset = 0;
  for (const field of fields) {
    const suffix = field.label === 'D' ? '' : field.label;
    let end = offset;
    forEachLexeme(field.text, (lexeme, p) => {
      const position = Math.min(offset + p, MAX_POSITION);
      end = position;
      const list = positions.get(lexeme);
      if (list) {
        // Clamped positions repeat; Postgres would fold them anyway.
        if (list.length < MAX_POSITIONS_PER_LEXEME && last.get(lexeme) !== position) {
          list.push(`${position}${suffix}`);
          last.set(lexeme, position);
        }
        return;
      }
      bytes += utf8Length(lexeme);
      if (bytes <= MAX_LEXEME_BYTES) {
        positions.set(lexeme, [`${position}${suffix}`]);
        last.set(lexeme, position);
      }
    });
    offset = Math.min(end + 1, MAX_POSITION);
  }
  // Lexemes are letters, digits and marks only, so they need no quotes (fewer bytes to send and parse).
  const parts: string[] = [];
  for (const [lexeme, list] of positions) parts.push(`${lexeme}:${list.join(',')}`);
  return parts.join(' ');
}
