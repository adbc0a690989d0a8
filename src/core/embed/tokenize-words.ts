// Word tokenizer for the built-in embedder. Unicode aware (letters, marks, digits of any script) but
// shaped for the GloVe vocabulary: lower case, no punctuation, contractions split the way the
// vocabulary needs them ("don't" -> "do", "not"; "alice's" -> "alice").

const TOKEN_RE = /[\p{L}\p{M}\p{N}]+(?:['\u2018\u2019-][\p{L}\p{M}\p{N}]+)*/gu;
const CURLY_APOSTROPHE_RE = /[\u2018\u2019]/g;
// Clitics GloVe's tokenizer split off and wink's vocabulary dropped; they carry almost no meaning.
const CLITICS = new Set(['s', 're', 've', 'll', 'd', 'm']);
// Bases of "n't" forms that are not the word itself ("won't" is "will not").
const NEGATED_BASES: Record<string, string> = { wo: 'will', ca: 'can', sha: 'shall', ai: 'is' };

export function tokenizeWords(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(TOKEN_RE)) {
    const token = match[0];
    if (!token.includes("'") && !token.includes('\u2018') && !token.includes('\u2019')) {
      out.push(token);
      continue;
    }
    splitContraction(token.replace(CURLY_APOSTROPHE_RE, "'"), out);
  }
  return out;
}

function splitContraction(token: string, out: string[]): void {
  if (token.endsWith("n't")) {
    const base = token.slice(0, -3);
    if (base) out.push(NEGATED_BASES[base] ?? base);
    out.push('not');
    return;
  }
  const cut = token.lastIndexOf("'");
  if (CLITICS.has(token.slice(cut + 1))) {
    out.push(token.slice(0, cut));
    return;
  }
  // "o'neill", "rock'n'roll": the lookup tries the joined form, then the parts.
  out.push(token);
}
