// Seeded randomness for the synthetic vault: every choice flows from one mulberry32 stream,
// so the same seed always yields byte-identical vaults on any machine.

/** mulberry32: tiny, fast, good enough statistical quality for test data. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRandom(seed) {
  const next = mulberry32(seed);
  const rnd = {
    next,
    /** Integer in [min, max], both inclusive. */
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
    chance(p) {
      return next() < p;
    },
    pick(arr) {
      if (arr.length === 0) throw new Error('pick from empty array');
      return arr[Math.floor(next() * arr.length)];
    },
    /** Fisher-Yates on a copy. */
    shuffle(arr) {
      const out = arr.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        const tmp = out[i];
        out[i] = out[j];
        out[j] = tmp;
      }
      return out;
    },
    /** k distinct elements (fewer when the array is shorter). */
    sample(arr, k) {
      if (k >= arr.length) return rnd.shuffle(arr);
      const picked = new Set();
      const out = [];
      while (out.length < k) {
        const i = Math.floor(next() * arr.length);
        if (!picked.has(i)) {
          picked.add(i);
          out.push(arr[i]);
        }
      }
      return out;
    },
    /** Pick with weights: entries are [value, weight]. */
    weighted(entries) {
      let total = 0;
      for (const [, w] of entries) total += w;
      let r = next() * total;
      for (const [v, w] of entries) {
        r -= w;
        if (r < 0) return v;
      }
      return entries[entries.length - 1][0];
    },
  };
  return rnd;
}
