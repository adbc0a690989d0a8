// The answer without a model: the gathered sentences that share the most (and rarest) words with the question,
// each cited to the excerpt and line it came from.
import { splitSentences as splitLine } from './sentences';
import { terms } from './terms';
import type { Claim, Excerpt } from './types';

const MAX_SENTENCES = 5;
const MIN_SENTENCE_CHARS = 12;

interface Sentence {
  text: string;
  excerpt: Excerpt;
  line: number;
  terms: Set<string>;
}

export function extractiveClaims(question: string, excerpts: Excerpt[]): Claim[] {
  const wanted = new Set(terms(question, { question: true }));
  if (wanted.size === 0) return [];
  const sentences = excerpts.flatMap(splitSentences);
  const df = new Map<string, number>();
  for (const s of sentences) for (const t of s.terms) if (wanted.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const weight = (t: string): number => Math.log(1 + sentences.length / (1 + (df.get(t) ?? 0)));
  const scored = sentences
    .map((s) => {
      let score = 0;
      for (const t of wanted) if (s.terms.has(t)) score += weight(t);
      // A typed edge whose relation the question names (`founded`, `invested`) is the answer's backbone.
      if (s.excerpt.relation && wanted.has(terms(s.excerpt.relation)[0] ?? '')) score += 1;
      return { s, score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.s.excerpt.n - b.s.excerpt.n);
  const best = scored[0]?.score ?? 0;
  const seen = new Set<string>();
  const claims: Claim[] = [];
  for (const { s, score } of scored) {
    if (claims.length >= MAX_SENTENCES || score < best * 0.5) break;
    const key = s.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    if (seen.has(key)) continue;
    seen.add(key);
    claims.push({ text: s.text, citations: [{ path: s.excerpt.path, title: s.excerpt.title, line: s.line, n: s.excerpt.n }] });
  }
  return claims;
}

/** Sentences of an excerpt with the line each starts on (excerpt text keeps the note's line breaks). */
function splitSentences(e: Excerpt): Sentence[] {
  const out: Sentence[] = [];
  const lines = e.text.split('\n');
  lines.forEach((rawLine, i) => {
    // Quote and callout marks go (`> [!tip]- Title` reads as "Title"), then one heading or list marker.
    const line = rawLine
      .replace(/^\s*(?:>\s*)+(?:\[![^\]\n]+\][+-]?\s*)?/, '')
      .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,3}[.)]\s+)/, '')
      .trim();
    if (line === '' || /^```/.test(line) || /^\|?[-:| ]+\|?$/.test(line)) return;
    for (const part of splitLine(line)) {
      const text = balancedEmphasis(part.text);
      if (text.length < MIN_SENTENCE_CHARS && !/\p{Lo}{4,}/u.test(text)) continue;
      out.push({ text, excerpt: e, line: e.startLine + i, terms: new Set(terms(text)) });
    }
  });
  return out;
}

/**
 * A sentence cut out of a bold or italic run keeps one of its `**` (or `__`) marks, which would bold the rest of the
 * answer line: an unpaired mark at either end is dropped.
 */
function balancedEmphasis(text: string): string {
  let out = text;
  for (const mark of ['**', '__']) {
    if ((out.split(mark).length - 1) % 2 === 0) continue;
    if (out.startsWith(mark)) out = out.slice(mark.length);
    else if (out.endsWith(mark)) out = out.slice(0, -mark.length);
  }
  return out.trim();
}
