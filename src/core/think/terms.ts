// Words of a question or sentence, for the extractive answer's overlap scoring: lower-cased, stop words out,
// cut to a 5-letter stem (founded/founder/founding meet), and CJK runs as character bigrams.
import { cjkWords } from '../search/query-terms';

const STOP = new Set(
  'a an and are about all any as at be by can did do does for from had has have how i in is it its me my of on or our tell that the their them there these they this to was we were what when where which who whom whose why will with you your 谁 什么 哪些 哪个 的 了 吗 呢 是 在 和'.split(' '),
);
const WORD = /[\p{L}\p{N}]+/gu;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;

/**
 * `question`: the text is the question, so a CJK run keeps only its words that are not question words or
 * particles (怎么, 如何, 可以: search's list): otherwise 怎么 in "怎么用 Obsidian 记账" picked every "我该怎么办".
 */
export function terms(text: string, options: { question?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const w = m[0];
    if (CJK.test(w) && options.question) {
      for (const word of cjkWords(w)) out.push(...terms(word));
      continue;
    }
    if (CJK.test(w)) {
      const chars = Array.from(w);
      if (chars.length === 1) {
        if (!STOP.has(w)) out.push(w);
        continue;
      }
      for (let i = 0; i + 1 < chars.length; i++) {
        const bigram = chars[i]! + chars[i + 1]!;
        if (!STOP.has(chars[i]!) || !STOP.has(chars[i + 1]!)) out.push(bigram);
      }
      continue;
    }
    if (w.length < 2 || STOP.has(w)) continue;
    out.push(w.length > 5 ? w.slice(0, 5) : w);
  }
  return out;
}
