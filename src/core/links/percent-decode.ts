/**
 * Decodes `%XX` escapes. Malformed sequences (`%ZZ`, a lone `%`, truncated UTF-8) stay as written
 * instead of throwing, so a typo in one link never breaks a note.
 */
export function percentDecode(s: string): string {
  if (!s.includes('%')) return s;
  return s.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // Invalid UTF-8 in the run: decode the ASCII escapes only, keep the rest raw.
      return run.replace(/%([0-7][0-9A-Fa-f])/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}
