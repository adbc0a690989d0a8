// The opening of a Markdown list item: a bullet (`-`, `*`, `+`) or a number (`1.`, `1)`) and its spacing, then
// an optional task box (`[ ]`, `[x]`, or any one-character status, as Obsidian allows). One definition for every
// reader of list lines (inline fields after a task box, snippets that show items as a list reads inline).

export const LIST_MARKER = String.raw`(?:[-*+]|\d{1,9}[.)])[ \t]+`;
export const TASK_BOX = String.raw`\[[^\]\n]\][ \t]+`;

export interface ListItemStart {
  /** Length of the indentation before the marker. */
  indent: number;
  /** The marker as written (`-`, `*`, `+`, `1.`, `2)`). */
  marker: string;
  /** Length of the marker, its spacing and any task box: where the item's text starts. */
  length: number;
  /** The task box's [start, end) within the line, its spacing included; null for a plain item. */
  box: [number, number] | null;
}

const ITEM = new RegExp(String.raw`^([ \t]*)(${LIST_MARKER})(${TASK_BOX})?`);

/** The list item opening `line`, or null when the line is not a list item. */
export function listItemStart(line: string): ListItemStart | null {
  const m = ITEM.exec(line);
  if (!m) return null;
  const indent = m[1]!.length;
  const boxAt = indent + m[2]!.length;
  return { indent, marker: m[2]!.trim(), length: m[0].length, box: m[3] ? [boxAt, boxAt + m[3].length] : null };
}
