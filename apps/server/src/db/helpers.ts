/** What every repository uses: a handle that is the database or an open transaction, and error tests. */
import type { Db } from './connect.js';

/** A database handle or an open transaction. */
export type DbOrTx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** True when `err` (or a cause of it: drizzle wraps driver errors) is a unique-constraint violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      const name = (e as { constraint?: unknown }).constraint;
      return !constraint || typeof name !== 'string' || name === constraint;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** `s` with LIKE/ILIKE wildcards (and the escape character) escaped, to match it literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
