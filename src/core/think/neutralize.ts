// Text from notes and from models is untrusted. Before it becomes part of a prompt, a link's display text or a
// header an agent reads, it is folded to NFKC (so fullwidth and other compatibility look-alikes of our
// delimiters, `［１］`, `＞＞＞`, become the ASCII they imitate and are caught below) and every run of
// angle-like characters is replaced, so no text can open or close an excerpt block or pose as one.

/** Characters that read as `<` or `>` to a model, beyond ASCII, that NFKC leaves alone. */
const ANGLE_LIKE = '<>‹›«»〈〉《》⟨⟩❮❯❰❱⧼⧽⦑⦒⟪⟫';
const ANGLE_RUN = new RegExp(`[${ANGLE_LIKE}]{2,}`, 'g');
/** C0/C1 controls except tab and newline, zero-width and bidi controls: invisible text a model still reads. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** Drops the invisible characters (controls, zero-width, bidi overrides) a reader cannot see but a model or parser reads. */
export function dropInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Multi-line untrusted text (an excerpt body): normalized, invisible characters dropped, angle runs broken. */
export function neutralizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\r\n?/g, '\n')
    .replace(INVISIBLE, '')
    .replace(ANGLE_RUN, (m) => '\u00b7'.repeat(m.length))
    .replace(/^(\s*)\[(\d+)\]/gm, '$1(excerpt-like text: $2)');
}

export const MAX_TITLE_CHARS = 160;

/**
 * A note title, heading or path shown as one line (link text, prompt header, agent-facing label): neutralized,
 * on one line, without the characters that would end a wikilink or start Markdown markup, and capped.
 */
export function neutralizeTitle(text: string, max = MAX_TITLE_CHARS): string {
  const one = neutralizeText(text)
    .replace(/[[\]|]/g, ' ')
    .replace(/[<>`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
