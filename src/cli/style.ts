// Terminal styling for people, never for machines: on only for a TTY, off with NO_COLOR (no-color.org) or
// TERM=dumb; FORCE_COLOR=1 turns it on for a pipe (and lets tests see it). NO_COLOR wins over FORCE_COLOR.

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
}

export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined> = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

export function styleFor(stream: { isTTY?: boolean }, env: Record<string, string | undefined> = process.env): Style {
  const on = colorEnabled(stream, env);
  const wrap = (open: number, close: number) => (s: string) => (on && s ? `\x1b[${open}m${s}\x1b[${close}m` : s);
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39) };
}

export const PLAIN: Style = { bold: (s) => s, dim: (s) => s, red: (s) => s };
