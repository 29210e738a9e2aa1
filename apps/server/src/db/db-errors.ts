/**
 * Start-up failures of the database that have one known fix, told in one line instead of a stack:
 * today a PostgreSQL server without the extension a migration creates (pgvector's `vector`). The
 * classifier reads PostgreSQL's own error (SQLSTATE and message) anywhere in the cause chain, as
 * drizzle wraps it in a DrizzleQueryError.
 */

/** A migration's `CREATE EXTENSION` failed because the server has no such extension installed. */
export class MissingExtensionError extends Error {
  constructor(
    readonly extension: string,
    readonly where: string,
  ) {
    super(
      extension === 'vector'
        ? `PostgreSQL at ${where} has no pgvector extension: install the server's pgvector package (e.g. postgresql-16-pgvector) or use the pgvector/pgvector image`
        : `PostgreSQL at ${where} has no ${extension} extension: install it on the database server`,
    );
    this.name = 'MissingExtensionError';
  }
}

/** host:port/database of a connection string, without user or password. */
export function databaseWhere(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.host}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

// PG ≥ 15: 0A000 `extension "vector" is not available`; older: 58P01 `could not open extension
// control file ".../vector.control": No such file or directory`.
const NOT_AVAILABLE = /^extension "([^"]+)" is not available/;
const NO_CONTROL_FILE = /could not open extension control file "[^"]*\/([^/"]+)\.control"/;

/** The extension PostgreSQL says it does not have, from `err` or any of its causes; else null. */
export function missingExtensionOf(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 10; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof message === 'string') {
      const m =
        code === '0A000'
          ? NOT_AVAILABLE.exec(message)
          : code === '58P01'
            ? NO_CONTROL_FILE.exec(message)
            : null;
      if (m) return m[1]!;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The MissingExtensionError `err` stands for on the database at `databaseUrl`, or null. */
export function classifyStartError(err: unknown, databaseUrl: string): MissingExtensionError | null {
  const extension = missingExtensionOf(err);
  return extension ? new MissingExtensionError(extension, databaseWhere(databaseUrl)) : null;
}
