// How a database URL is shown (password redacted). Apart from engine-factory.ts so that choosing the database (every
// CLI command) does not load the Postgres driver, which only a server brain needs (it is loaded then).

/** The URL with its password replaced, for messages, status and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}
