// Reading list-like frontmatter fields that people write as a string, a separated string or a YAML list.

/**
 * The strings held by `frontmatter[key]` for each key in order: a string is split by `splitScalar`, a list
 * yields its string and number items (nested lists and objects are ignored), a number becomes its text.
 */
export function frontmatterStrings(frontmatter: Record<string, unknown>, keys: readonly string[], splitScalar: RegExp): string[] {
  const out: string[] = [];
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(frontmatter, key)) continue;
    const value = frontmatter[key];
    if (typeof value === 'string') out.push(...value.split(splitScalar));
    else if (typeof value === 'number' && Number.isFinite(value)) out.push(String(value));
    else if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') out.push(item);
        else if (typeof item === 'number' && Number.isFinite(item)) out.push(String(item));
      }
    }
  }
  return out;
}

/** Trimmed, non-empty, first occurrence only (compared by `keyOf`), in order. */
export function uniqueNonEmpty(values: Iterable<string>, keyOf: (s: string) => string = (s) => s): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = raw.trim();
    if (v === '') continue;
    const k = keyOf(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out;
}
