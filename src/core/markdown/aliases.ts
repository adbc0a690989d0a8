import { frontmatterStrings, uniqueNonEmpty } from './frontmatter-values';

/** Aliases from frontmatter `aliases` / `alias`: a list, or a comma-separated string. */
export function readAliases(frontmatter: Record<string, unknown>): string[] {
  return uniqueNonEmpty(frontmatterStrings(frontmatter, ['aliases', 'alias'], /,/));
}
