// Values made safe for Postgres text and jsonb columns.

/** Postgres text cannot hold NUL; binary junk in a note must not abort the whole batch. */
export function clean(s: string): string {
  return s.includes('\0') ? s.replace(/\0/g, '') : s;
}

export function cleanOrNull(s: string | undefined | null): string | null {
  return s == null ? null : clean(s);
}

/** JSON for a jsonb column: NUL-free strings, bigint as text, no undefined. */
export function toJsonb(value: unknown): string {
  return JSON.stringify(value ?? null, (_k, v: unknown) => {
    if (typeof v === 'string') return clean(v);
    if (typeof v === 'bigint') return v.toString();
    return v;
  });
}
