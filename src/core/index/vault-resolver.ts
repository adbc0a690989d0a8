// Builds a LinkResolver for a whole vault from its file list, reading each note's aliases from frontmatter.
// Used where no database is at hand (`parse`, corpus checks).
import { parseMarkdown } from '../markdown/parse-markdown';
import type { PathFilter } from './path-rules';
import type { VaultSource } from './vault-source';
import { decodeFile } from './decode-file';
import { LinkResolver } from '../links/resolver';

export async function buildVaultResolver(
  source: VaultSource,
  filter: PathFilter,
  options: { aliases?: boolean } = {},
): Promise<LinkResolver> {
  const files = await source.list();
  const resolver = new LinkResolver();
  for (const f of files) {
    // Links may point at attachments too (images, PDFs), so every non-excluded file is a target.
    if (filter.excludedByRule(f.path)) continue;
    let aliases: string[] = [];
    if (options.aliases !== false && /\.md$/i.test(f.path)) {
      const decoded = decodeFile(await source.read(f.path));
      if (decoded.ok) aliases = parseMarkdown(f.path, decoded.text).aliases;
    }
    resolver.upsert({ path: f.path, aliases });
  }
  return resolver;
}
