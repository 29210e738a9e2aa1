/**
 * Distinct titles for canvases made from others: the one rule every duplicate and import path
 * uses (docs/decisions.md, "Titles of copies and imports"). A copy is "Title (copy)", then
 * "Title (copy 2)", "Title (copy 3)"…; an import keeps the file's title unless the owner already
 * has a canvas by that name, then "Title (2)", "Title (3)"… Copying a copy counts on from the
 * original's name ("Plan (copy)" → "Plan (copy 2)"), importing "Plan (2)" again gives "Plan (3)".
 */
import { and, eq, like } from 'drizzle-orm';
import { escapeLike, type DbOrTx } from '../../db/helpers.js';
import { canvases } from '../../db/schema/canvas.js';

export type DerivedTitleKind = 'copy' | 'import';

/** Longest stored title (the contract's limit). */
export const TITLE_MAX = 512;

const COPY_SUFFIX = / \(copy(?: (\d+))?\)$|^\(copy(?: (\d+))?\)$/;
const NUMBER_SUFFIX = / \((\d+)\)$/;

/** The name without the suffix this rule adds ("Plan (copy 2)" → "Plan" for copies). */
export function titleStem(title: string, kind: DerivedTitleKind): string {
  const trimmed = title.trim();
  return trimmed.replace(kind === 'copy' ? COPY_SUFFIX : NUMBER_SUFFIX, '').trim();
}

function candidate(stem: string, kind: DerivedTitleKind, n: number): string {
  const suffix = kind === 'copy' ? (n === 1 ? '(copy)' : `(copy ${n})`) : `(${n})`;
  const room = TITLE_MAX - suffix.length - 1;
  const head = stem.length > room ? stem.slice(0, room).trimEnd() : stem;
  return head ? `${head} ${suffix}` : suffix;
}

/** The first title of the rule's series that is not in `taken` (pure; `taken` are the owner's titles). */
export function distinctTitle(base: string, kind: DerivedTitleKind, taken: Iterable<string>): string {
  const used = new Set(taken);
  const original = base.trim().slice(0, TITLE_MAX);
  if (kind === 'import' && !used.has(original)) return original;
  const stem = titleStem(original, kind);
  // An import of "Plan" next to "Plan" is "Plan (2)": the plain name counts as the first.
  for (let n = kind === 'copy' ? 1 : 2; ; n++) {
    const title = candidate(stem, kind, n);
    if (!used.has(title)) return title;
  }
}

/** A title for a canvas of `uid` made from `base` that none of their canvases has yet. */
export async function distinctCanvasTitle(
  db: DbOrTx,
  uid: string,
  base: string,
  kind: DerivedTitleKind,
): Promise<string> {
  const stem = titleStem(base.trim().slice(0, TITLE_MAX), kind);
  // Only titles that start like the stem (or the bare suffix, for an untitled canvas) can clash.
  const prefix = stem ? escapeLike(stem.slice(0, 200)) : '';
  const rows = await db
    .select({ title: canvases.title })
    .from(canvases)
    .where(and(eq(canvases.uid, uid), like(canvases.title, `${prefix}%`)));
  return distinctTitle(
    base,
    kind,
    rows.map((r) => r.title),
  );
}
