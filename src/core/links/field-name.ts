/** Canonical form of a frontmatter key or inline-field name: `Works at` / `works-at` -> `works_at`. */
export function normalizeFieldName(name: string): string {
  return name
    .replace(/\*\*|__/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
