// Which verb patterns can match a clause: a pattern's regexes only run when one of its lower-case keys occurs
// in the clause. This runs for every link, so each distinct key (the role lists are shared) is searched for at
// most once, and only when its first two characters occur side by side in the clause, which a bigram bitmap
// built in one pass over the clause tells.
import { VERB_PATTERNS } from './verb-patterns';

const KEYS: string[] = [];
const PATTERN_KEYS: readonly (readonly number[])[] = VERB_PATTERNS.map((p) =>
  p.keys.map((k) => {
    const i = KEYS.indexOf(k);
    return i === -1 ? KEYS.push(k) - 1 : i;
  }),
);

const BIGRAM_SLOTS = 4096;
/** Slots may collide; a collision only costs a needless substring search, never a missed key. */
function bigramSlot(a: number, b: number): number {
  return (a * 31 + b) & (BIGRAM_SLOTS - 1);
}
/** A key's first bigram slot, or -1 for one-character keys (searched directly). */
const KEY_SLOT: readonly number[] = KEYS.map((k) => (k.length >= 2 ? bigramSlot(k.charCodeAt(0), k.charCodeAt(1)) : -1));

// Scratch space reused across calls (the function is synchronous and not re-entrant).
const bigrams = new Uint8Array(BIGRAM_SLOTS);
const keyState = new Uint8Array(KEYS.length);
const UNKNOWN = 0;
const PRESENT = 1;
const ABSENT = 2;

/** For each entry of VERB_PATTERNS, 1 when one of its keys occurs in `hay` (already lower-cased), else 0. */
export function candidatePatterns(hay: string): Uint8Array {
  for (let i = 0; i + 1 < hay.length; i++) bigrams[bigramSlot(hay.charCodeAt(i), hay.charCodeAt(i + 1))] = 1;
  keyState.fill(UNKNOWN);
  const out = new Uint8Array(PATTERN_KEYS.length);
  for (let p = 0; p < PATTERN_KEYS.length; p++) {
    for (const id of PATTERN_KEYS[p]!) {
      let state = keyState[id]!;
      if (state === UNKNOWN) {
        const slot = KEY_SLOT[id]!;
        state = (slot === -1 || bigrams[slot] === 1) && hay.includes(KEYS[id]!) ? PRESENT : ABSENT;
        keyState[id] = state;
      }
      if (state === PRESENT) {
        out[p] = 1;
        break;
      }
    }
  }
  bigrams.fill(0);
  return out;
}
