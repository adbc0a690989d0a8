// Turns a stored link context (about ±120 characters around the link, folded onto one line) into the sentence
// that holds the link, so a graph excerpt reads as a statement rather than a window cut mid-word.
import { splitSentences } from './sentences';

/**
 * The sentence holding the link; `…` marks a side the window cut. The link is found by `needles` (its raw text,
 * or the target's names), nearest the middle, since the window is centred on it except near a file's edges.
 */
export function sentenceAroundLink(context: string, needles: string[] = []): string {
  const text = context.trim();
  if (text === '') return '';
  const middle = linkPosition(text, needles);
  const spans = splitSentences(text);
  const span = spans.find((s) => middle >= s.start && middle <= s.end) ?? spans.find((s) => s.start >= middle) ?? spans[spans.length - 1];
  if (!span) return text;
  const sentence = span.text.replace(/^#{1,6}\s+/, '').trim();
  const cutLeft = span.start === 0 && !/^[-#\p{Lu}\p{Lo}[*]/u.test(text);
  const cutRight = span.end === text.length && !/[.!?。！？)\]]$/.test(sentence);
  return `${cutLeft ? '…' : ''}${sentence}${cutRight ? '…' : ''}`;
}

function linkPosition(text: string, needles: string[]): number {
  const centre = Math.floor(text.length / 2);
  const lower = text.toLowerCase();
  let best = -1;
  for (const needle of needles) {
    const n = needle.toLowerCase();
    if (n.length < 2) continue;
    for (let at = lower.indexOf(n); at >= 0; at = lower.indexOf(n, at + 1)) {
      if (best < 0 || Math.abs(at - centre) < Math.abs(best - centre)) best = at;
    }
  }
  return best < 0 ? centre : best;
}
