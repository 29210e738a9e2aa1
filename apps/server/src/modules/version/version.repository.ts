/** SQL of versions and their bases (db/schema/version.ts). */
import { and, desc, eq, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import type { DbOrTx } from '../../db/helpers.js';
import { users } from '../../db/schema/users.js';
import { versionBases, versions } from '../../db/schema/version.js';

export type VersionRow = typeof versions.$inferSelect;
export type VersionBaseRow = typeof versionBases.$inferSelect;

/** A version as listed: without its stored bytes, with its author and the bytes it takes. */
export interface VersionListRow extends Omit<VersionRow, 'diff'> {
  author: {
    uid: string;
    name: string | null;
    nickname: string | null;
    avatarStorageKey: string | null;
  } | null;
  /** Its diff, plus its base when it started one. */
  storedBytes: number;
}

async function selectListed(db: DbOrTx, where: SQL | undefined, limit?: number): Promise<VersionListRow[]> {
  const query = db
    .select({
      versionId: versions.versionId,
      docName: versions.docName,
      kind: versions.kind,
      name: versions.name,
      authorUid: versions.authorUid,
      summary: versions.summary,
      baseId: versions.baseId,
      size: versions.size,
      stateHash: versions.stateHash,
      restoredFrom: versions.restoredFrom,
      createdAt: versions.createdAt,
      authorName: users.name,
      authorNickname: users.nickname,
      authorAvatar: users.avatarStorageKey,
      baseSize: versionBases.size,
      baseFirst: versionBases.firstVersionId,
    })
    .from(versions)
    .innerJoin(versionBases, eq(versionBases.baseId, versions.baseId))
    .leftJoin(users, eq(users.uid, versions.authorUid))
    .where(where)
    .orderBy(desc(versions.createdAt), desc(versions.versionId));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(({ authorName, authorNickname, authorAvatar, baseSize, baseFirst, ...row }) => ({
    ...row,
    author: row.authorUid
      ? { uid: row.authorUid, name: authorName, nickname: authorNickname, avatarStorageKey: authorAvatar }
      : null,
    storedBytes: row.size + (baseFirst === row.versionId ? baseSize : 0),
  }));
}

/** Every version of `docName`, newest first. */
export function listVersions(db: DbOrTx, docName: string): Promise<VersionListRow[]> {
  return selectListed(db, eq(versions.docName, docName));
}

/** One version of `docName` as listed; null when it has no such version. */
export async function findListed(
  db: DbOrTx,
  docName: string,
  versionId: string,
): Promise<VersionListRow | null> {
  const [row] = await selectListed(
    db,
    and(eq(versions.docName, docName), eq(versions.versionId, versionId)),
    1,
  );
  return row ?? null;
}

/** Bytes the versions of `docName` take: their diffs and their bases. */
export async function storageOf(db: DbOrTx, docName: string): Promise<number> {
  const [diffs] = await db
    .select({ bytes: sql<string>`coalesce(sum(${versions.size}), 0)` })
    .from(versions)
    .where(eq(versions.docName, docName));
  const [bases] = await db
    .select({ bytes: sql<string>`coalesce(sum(${versionBases.size}), 0)` })
    .from(versionBases)
    .where(eq(versionBases.docName, docName));
  return Number(diffs?.bytes ?? 0) + Number(bases?.bytes ?? 0);
}

export async function findVersion(
  db: DbOrTx,
  docName: string,
  versionId: string,
): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.docName, docName), eq(versions.versionId, versionId)))
    .limit(1);
  return row ?? null;
}

export async function latestVersion(db: DbOrTx, docName: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(versions)
    .where(eq(versions.docName, docName))
    .orderBy(desc(versions.createdAt), desc(versions.versionId))
    .limit(1);
  return row ?? null;
}

export async function findBase(db: DbOrTx, baseId: string): Promise<VersionBaseRow | null> {
  const [row] = await db.select().from(versionBases).where(eq(versionBases.baseId, baseId)).limit(1);
  return row ?? null;
}

/** Stores a version (and first the base it starts, if any) in one transaction. */
export async function insertVersion(db: Db, row: VersionRow, newBase: VersionBaseRow | null): Promise<void> {
  await db.transaction(async (tx) => {
    if (newBase) await tx.insert(versionBases).values(newBase);
    await tx.insert(versions).values(row);
  });
}

/**
 * Deletes automatic versions older than `before` (of one document, or of all), then the bases no
 * version needs any more. Named and restore versions are kept. Answers how many versions went.
 */
export async function pruneAutomatic(db: Db, before: Date, docName?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(versions)
      .where(
        and(
          eq(versions.kind, 'auto'),
          lt(versions.createdAt, before),
          docName === undefined ? undefined : eq(versions.docName, docName),
        ),
      )
      .returning({ baseId: versions.baseId });
    const baseIds = [...new Set(gone.map((g) => g.baseId))];
    if (baseIds.length > 0) {
      await tx.delete(versionBases).where(
        and(
          inArray(versionBases.baseId, baseIds),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(versions)
              .where(eq(versions.baseId, versionBases.baseId)),
          ),
        ),
      );
    }
    return gone.length;
  });
}
