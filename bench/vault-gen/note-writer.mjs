// Writes links and frontmatter for one note while recording every edge it emits, so the
// ground-truth link graph is exactly what the Markdown says (not what we meant to say).

/** Everything that renders a note shares: title index, randomness, dangling-link log. */
export class VaultIndex {
  constructor(rnd, entities) {
    this.rnd = rnd;
    this.byTitle = new Map();
    this.byAlias = new Map();
    for (const e of entities) this.byTitle.set(e.title, e);
    // Aliases resolve only when no title and no other alias claims them, as a resolver would need.
    const aliasCount = new Map();
    for (const e of entities) for (const a of e.aliases ?? []) aliasCount.set(a, (aliasCount.get(a) ?? 0) + 1);
    for (const e of entities) {
      for (const a of e.aliases ?? []) if (aliasCount.get(a) === 1 && !this.byTitle.has(a)) this.byAlias.set(a, e);
    }
    this.dangling = [];
    this.links = new Map();
  }
  note(path) {
    return new NoteWriter(this, path);
  }
}

const HEADING_OK = /^[^[\]|#^]+$/;

export class NoteWriter {
  constructor(index, path) {
    this.index = index;
    this.path = path;
    this.out = new Set();
    index.links.set(path, this.out);
  }

  record(title) {
    const target = this.index.byTitle.get(title) ?? this.index.byAlias.get(title);
    if (target) {
      if (target.path !== this.path) this.out.add(target.path);
    } else {
      this.index.dangling.push({ from: this.path, target: title });
    }
  }

  /** `[[Title]]`, `[[Title|alias]]`, `[[Title#Heading]]`, `![[Title#Heading]]`. */
  link(title, { alias, heading, embed } = {}) {
    this.record(title);
    const sub = heading && HEADING_OK.test(heading) ? `#${heading}` : '';
    return `${embed ? '!' : ''}[[${title}${sub}${alias ? `|${alias}` : ''}]]`;
  }

  /** A Markdown link to an existing note, in one of the forms Obsidian users actually write. */
  md(entity, text) {
    this.record(entity.title);
    const rnd = this.index.rnd;
    const style = rnd.int(0, 3);
    const enc = (p) => p.replace(/ /g, '%20');
    if (style === 0) return `[${text}](${enc(entity.path)})`;
    if (style === 1) return `[${text}](<${entity.path}>)`;
    if (style === 2 && this.path.includes('/')) return `[${text}](../${enc(entity.path)})`;
    return `[${text}](${enc(entity.path.replace(/\.md$/, ''))})`;
  }

  /** A mention of a person: mostly plain wikilinks, some with display text, some Markdown links. */
  person(p, { allowMd = true } = {}) {
    const rnd = this.index.rnd;
    const r = rnd.next();
    if (allowMd && r < 0.08) return this.md(p, p.title);
    if (r < 0.3 && p.lang === 'en') return this.link(p.title, { alias: p.first });
    if (r < 0.36 && p.aliases.length > 0) return this.link(p.title, { alias: rnd.pick(p.aliases) });
    return this.link(p.title);
  }

  /** A mention of a company: wikilink, sometimes shown by its short name. */
  company(c) {
    if (c.aliases.length > 0 && this.index.rnd.chance(0.25)) return this.link(c.title, { alias: c.aliases[0] });
    return this.link(c.title);
  }
}

const PLAIN = /^[\p{L}\p{N}_ ./-]+$/u;
const yamlScalar = (v) => {
  if (typeof v === 'number') return String(v);
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  return PLAIN.test(v) && !/^[\d.-]/.test(v) && !/^(true|false|null|yes|no)$/i.test(v) ? v : JSON.stringify(v);
};

/** Frontmatter block. Keys with undefined / empty-array values are left out. */
export function frontmatter(fields) {
  const lines = ['---'];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue;
    lines.push(Array.isArray(v) ? `${k}: [${v.map(yamlScalar).join(', ')}]` : `${k}: ${yamlScalar(v)}`);
  }
  lines.push('---', '');
  return lines.join('\n');
}

/** `## Timeline` section, newest first. `entries` are [isoDate, text]. */
export function timeline(entries) {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0));
  return ['## Timeline', '', ...sorted.map(([d, t]) => `- **${d}** | ${t}`), ''].join('\n');
}
