// The Snowball English (Porter2) stemmer and Postgres' English stopword list, so that full-text vectors and
// queries can be built in JS with the lexemes Postgres' `english` configuration would produce. Computing
// to_tsvector inside PGlite (WASM) ran at ~4 MB/s and was the largest single cost of indexing.
// Written from the published algorithm (snowballstem.org/algorithms/english/stemmer.html); checked word for word
// against Postgres' `english_stem` dictionary in test/core/text/english-stem.test.ts.

/** Postgres' `english.stop` (tsearch_data), applied to the lower-cased word before stemming. */
export const ENGLISH_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under ' +
    'again further then once here there when where why how all any both each few more most other some such no nor not ' +
    'only own same so than too very s t can will just don should now'
  ).split(' '),
);

const EXCEPTIONS1 = new Map<string, string>(Object.entries({
  skis: 'ski',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  idly: 'idl',
  gently: 'gentl',
  ugly: 'ugli',
  early: 'earli',
  only: 'onli',
  singly: 'singl',
  sky: 'sky',
  news: 'news',
  howe: 'howe',
  atlas: 'atlas',
  cosmos: 'cosmos',
  bias: 'bias',
  andes: 'andes',
}));

const EXCEPTIONS2 = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

const STEP2: [string, string][] = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
];

const STEP3: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];

const STEP4 = [
  'ement', 'ance', 'ence', 'able', 'ible', 'ment', 'ant', 'ent', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'ion',
  'al', 'er', 'ic',
];

const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDING = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

function isVowel(c: string | undefined): boolean {
  return c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || c === 'y';
}

/** Index just past the first non-vowel that follows a vowel, searching from `from`; `w.length` when none. */
function regionStart(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) {
    if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  }
  return w.length;
}

/** Porter2's short syllable ending at `end` (exclusive). */
function endsShortSyllable(w: string, end: number): boolean {
  const a = w[end - 3];
  const b = w[end - 2];
  const c = w[end - 1];
  if (end === 2) return isVowel(b) && c !== undefined && !isVowel(c);
  return end >= 3 && !isVowel(a) && isVowel(b) && c !== undefined && !isVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y';
}

function hasVowel(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (isVowel(w[i])) return true;
  return false;
}

/** Stems one lower-case word. Words of fewer than three letters and exceptions are returned as they are. */
export function stemEnglish(word: string): string {
  const exception = EXCEPTIONS1.get(word);
  if (exception !== undefined) return exception;
  if (word.length < 3) return word;

  // Prelude: a y that acts as a consonant becomes Y until the postlude.
  let w = word;
  if (w.includes('y')) {
    let out = '';
    for (let i = 0; i < w.length; i++) {
      const c = w[i]!;
      out += c === 'y' && (i === 0 || isVowel(out[i - 1])) ? 'Y' : c;
    }
    w = out;
  }

  let p1: number;
  if (w.startsWith('gener') || w.startsWith('arsen')) p1 = 5;
  else if (w.startsWith('commun')) p1 = 6;
  else p1 = regionStart(w, 0);
  const p2 = regionStart(w, p1);

  w = step1a(w);
  if (EXCEPTIONS2.has(w)) return w.replace(/Y/g, 'y');
  w = step1b(w, p1);
  // Step 1c: y after a consonant that is not the first letter becomes i.
  const last = w[w.length - 1];
  if ((last === 'y' || last === 'Y') && w.length > 2 && !isVowel(w[w.length - 2])) w = `${w.slice(0, -1)}i`;
  w = replaceIn(w, STEP2, p1, (stem, suffix) => {
    if (suffix === 'ogi') return stem.endsWith('l');
    if (suffix === 'li') return LI_ENDING.has(stem[stem.length - 1] ?? '');
    return true;
  });
  w = replaceIn(w, STEP3, p1, (stem, suffix) => suffix !== 'ative' || stem.length >= p2);
  w = step4(w, p2);
  w = step5(w, p1, p2);
  return w.replace(/Y/g, 'y');
}

function step1a(w: string): string {
  if (w.endsWith('sses')) return `${w.slice(0, -4)}ss`;
  if (w.endsWith('ied') || w.endsWith('ies')) return w.length > 4 ? `${w.slice(0, -3)}i` : `${w.slice(0, -3)}ie`;
  if (w.endsWith('us') || w.endsWith('ss')) return w;
  // A final s goes when a vowel comes before the letter preceding it (gaps -> gap, gas stays).
  if (w.endsWith('s') && hasVowel(w, w.length - 2)) return w.slice(0, -1);
  return w;
}

function step1b(w: string, p1: number): string {
  for (const suffix of ['eedly', 'eed']) {
    if (w.endsWith(suffix)) return w.length - suffix.length >= p1 ? `${w.slice(0, -suffix.length)}ee` : w;
  }
  for (const suffix of ['ingly', 'edly', 'ing', 'ed']) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (!hasVowel(stem, stem.length)) return w;
    if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
    // Postgres' Snowball keeps the double in a three-letter a/e/o word (added -> add, egging -> egg).
    if (DOUBLES.has(stem.slice(-2))) return stem.length === 3 && 'aeo'.includes(stem[0]!) ? stem : stem.slice(0, -1);
    if (stem.length === p1 && endsShortSyllable(stem, stem.length)) return `${stem}e`;
    return stem;
  }
  return w;
}

/** Replaces the longest matching suffix when it lies in the region from `region` and `ok` allows it. */
function replaceIn(w: string, table: [string, string][], region: number, ok: (stem: string, suffix: string) => boolean): string {
  let best: [string, string] | undefined;
  for (const entry of table) {
    if (w.endsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  if (!best) return w;
  const stem = w.slice(0, -best[0].length);
  if (stem.length < region || !ok(stem, best[0])) return w;
  return stem + best[1];
}

function step4(w: string, p2: number): string {
  let best: string | undefined;
  for (const s of STEP4) if (w.endsWith(s) && (!best || s.length > best.length)) best = s;
  if (!best) return w;
  const stem = w.slice(0, -best.length);
  if (stem.length < p2) return w;
  if (best === 'ion' && !(stem.endsWith('s') || stem.endsWith('t'))) return w;
  return stem;
}

function step5(w: string, p1: number, p2: number): string {
  const n = w.length;
  if (w.endsWith('e')) {
    if (n - 1 >= p2 || (n - 1 >= p1 && !endsShortSyllable(w, n - 1))) return w.slice(0, -1);
    return w;
  }
  if (w.endsWith('ll') && n - 1 >= p2) return w.slice(0, -1);
  return w;
}
