// Include/exclude rules for vault paths. A tiny glob dialect (enough for folder rules people write) so the
// core stays dependency- and Node-free: `**` any depth, `*` within a segment, `?` one char, a pattern
// without a slash or glob matches that folder name anywhere (`.trash` excludes `a/.trash/x.md`).
import { ignoreFilterRegExp } from '../note/ignore-filters';

export interface PathRules {
  include: string[];
  exclude: string[];
  /** Obsidian's "Excluded files" filters (path prefixes or /regular expressions/), excluded like `exclude`. */
  ignore?: string[];
}

/** Files the brain reads: Markdown notes and code files (chunked by symbol). */
export const DEFAULT_EXTENSIONS = ['md', 'markdown', 'ts', 'tsx', 'js', 'jsx', 'mjs', 'py', 'go', 'rs', 'java'];

/**
 * The brain's own folder is excluded by default, as are Obsidian's config folder and trash. The config folder is
 * the user's setting (`Vault#configDir` in the app); headless surfaces pass `HEADLESS_CONFIG_DIR` (src/node).
 */
export function defaultRules(configDir: string): PathRules {
  return { include: [], exclude: [configDir, '.trash', '.vault-brain', '.git', 'node_modules'] };
}

export function globToRegExp(glob: string): RegExp {
  let g = glob.trim().replace(/\\/g, '/').replace(/^\.\//, '');
  if (g.endsWith('/')) g = g.slice(0, -1);
  // A bare name (no slash, no glob) is a folder or file name anywhere in the tree.
  const bare = !/[/*?[]/.test(g);
  let re = '';
  for (let i = 0; i < g.length; i++) {
    const c = g[i]!;
    if (c === '*') {
      if (g[i + 1] === '*') {
        const slashAfter = g[i + 2] === '/';
        re += slashAfter ? '(?:.*/)?' : '.*';
        i += slashAfter ? 2 : 1;
      } else {
        re += '[^/]*';
      }
    } else if (c === '?') {
      re += '[^/]';
    } else {
      re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  // A folder pattern also matches everything inside it.
  return bare ? new RegExp(`(?:^|/)${re}(?:/|$)`, 'i') : new RegExp(`^${re}(?:/.*)?$`, 'i');
}

export class PathFilter {
  private readonly include: RegExp[];
  private readonly exclude: { pattern: string; re: RegExp; reason: string }[];
  private readonly extensions: Set<string>;

  constructor(rules: PathRules, extensions: string[] = DEFAULT_EXTENSIONS) {
    this.include = rules.include.filter((p) => p.trim()).map(globToRegExp);
    this.exclude = rules.exclude.filter((p) => p.trim()).map((pattern) => ({ pattern, re: globToRegExp(pattern), reason: `excluded by rule "${pattern}"` }));
    for (const pattern of rules.ignore ?? []) {
      const re = ignoreFilterRegExp(pattern);
      if (re) this.exclude.push({ pattern, re, reason: `excluded by Obsidian's Excluded files ("${pattern}")` });
    }
    this.extensions = new Set(extensions.map((e) => e.toLowerCase()));
  }

  /** Why a path is not indexed, or null when it is. */
  exclusionReason(path: string): string | null {
    const ext = extensionOf(path);
    if (!this.extensions.has(ext)) return `extension .${ext || '(none)'} is not indexed`;
    const ex = this.exclude.find((r) => r.re.test(path));
    if (ex) return ex.reason;
    if (this.include.length > 0 && !this.include.some((r) => r.test(path))) return 'not matched by any include rule';
    return null;
  }

  /** Whether a whole folder is excluded, so a walker can skip it without listing it. */
  excludesFolder(folder: string): boolean {
    return this.exclude.some((r) => r.re.test(folder) || r.re.test(`${folder}/`));
  }

  /** Whether an exclude rule hides this path (attachments included), whatever its extension. */
  excludedByRule(path: string): boolean {
    return this.exclude.some((r) => r.re.test(path));
  }

  accepts(path: string): boolean {
    return this.exclusionReason(path) === null;
  }

  /**
   * The exclude rules as regular-expression sources (matched case-insensitively), for a store to leave those
   * paths out inside its queries. Only exclusions: a store's case folding may differ from ours, and an
   * exclusion it fails to apply shows a path that `accepts` still hides, never the other way round.
   */
  exclusionPatterns(): string[] {
    return this.exclude.map((r) => r.re.source);
  }
}

export function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}
