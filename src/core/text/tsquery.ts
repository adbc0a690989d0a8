// Web-search syntax -> tsquery literal, with the lexemes of lexemes.ts, so queries match the vectors written by
// tsvectorLiteral. Follows websearch_to_tsquery: words are ANDed, `or` between two words ORs them, `-word`
// negates, "quoted text" is a phrase, and a word the tokenizer splits (`notes.md`) is a phrase of its parts.
// Any input is accepted: characters that are tsquery operators (& | ! ( ) : *) only ever separate words.
import { forEachLexeme, quoteLexeme } from './lexemes';

/** Postgres' largest phrase distance (`<N>`). */
const MAX_DISTANCE = 16384;

interface Operand {
  query: string;
  phrase: boolean;
  negated: boolean;
  or: boolean;
}

/** `'a' <-> 'b' <2> 'c'` for the lexemes of a text (stopwords widen the distance), or null when it has none. */
function phraseOf(text: string): { query: string; phrase: boolean } | null {
  const parts: string[] = [];
  let last = 0;
  forEachLexeme(text, (lexeme, position) => {
    if (parts.length > 0) {
      const d = Math.min(MAX_DISTANCE, position - last);
      parts.push(d === 1 ? '<->' : `<${d}>`);
    }
    parts.push(quoteLexeme(lexeme));
    last = position;
  });
  if (parts.length === 0) return null;
  return { query: parts.join(' '), phrase: parts.length > 1 };
}

/**
 * The tsquery literal (for `$n::tsquery`) of a web-search query; '' when nothing searchable is left (only
 * stopwords, operators or punctuation).
 */
export function websearchTsquery(query: string): string {
  const operands: Operand[] = [];
  let pendingOr = false;
  let negateNext = false;
  const add = (text: string, negated: boolean): void => {
    const p = phraseOf(text);
    if (p === null) return;
    operands.push({ ...p, negated, or: pendingOr && operands.length > 0 });
    pendingOr = false;
  };
  const segments = query.split('"');
  segments.forEach((segment, i) => {
    if (i % 2 === 1) {
      // Inside quotes: one phrase, whatever it contains. An unclosed quote runs to the end.
      add(segment, negateNext);
      negateNext = false;
      return;
    }
    negateNext = false;
    for (const word of segment.split(/\s+/)) {
      if (word === '') continue;
      if (word.toLowerCase() === 'or') {
        pendingOr = true;
        continue;
      }
      if (word.startsWith('-')) {
        const rest = word.replace(/^-+/, '');
        // A lone `-` right before a quote negates the quoted phrase.
        if (rest === '') negateNext = true;
        else add(rest, true);
        continue;
      }
      negateNext = false;
      add(word, false);
    }
    // `-` must touch the quote: `a - "b"` does not negate.
    if (!/(^|\s)-+$/.test(segment)) negateNext = false;
  });
  return operands
    .map((o, i) => {
      const term = o.negated ? (o.phrase ? `!(${o.query})` : `!${o.query}`) : o.query;
      return i === 0 ? term : `${o.or ? '|' : '&'} ${term}`;
    })
    .join(' ');
}
