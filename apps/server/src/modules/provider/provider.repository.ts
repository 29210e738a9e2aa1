/** Queries on `providers` and `provider_items`; every one is scoped to the owning uid. */
import { and, asc, eq, inArray, max, type SQL } from 'drizzle-orm';
import type { ProviderCategory } from '@atelier/contract';
import { providerItems, providers } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';
import type { ProviderItemRow, ProviderRow } from './provider.types.js';
import { now } from '../../lib/time.js';

export type NewProviderRow = typeof providers.$inferInsert;
export type NewProviderItemRow = typeof providerItems.$inferInsert;

export async function insertProvider(db: DbOrTx, values: NewProviderRow): Promise<ProviderRow> {
  const [row] = await db.insert(providers).values(values).returning();
  if (!row) throw new Error('insert into providers returned no row');
  return row;
}

export async function findProvider(
  db: DbOrTx,
  uid: string,
  providerId: string,
): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(providers)
    .where(and(eq(providers.providerId, providerId), eq(providers.uid, uid)))
    .limit(1);
  return row;
}

export async function listProviders(db: DbOrTx, uid: string): Promise<ProviderRow[]> {
  return db
    .select()
    .from(providers)
    .where(eq(providers.uid, uid))
    .orderBy(asc(providers.createdAt), asc(providers.providerId));
}

export async function updateProvider(
  db: DbOrTx,
  uid: string,
  providerId: string,
  patch: Partial<NewProviderRow>,
): Promise<ProviderRow | undefined> {
  const [row] = await db
    .update(providers)
    .set({ ...patch, updatedAt: now() })
    .where(and(eq(providers.providerId, providerId), eq(providers.uid, uid)))
    .returning();
  return row;
}

export async function deleteProvider(db: DbOrTx, uid: string, providerId: string): Promise<boolean> {
  const rows = await db
    .delete(providers)
    .where(and(eq(providers.providerId, providerId), eq(providers.uid, uid)))
    .returning({ providerId: providers.providerId });
  return rows.length > 0;
}

// ---- items ----

export async function insertItems(db: DbOrTx, values: NewProviderItemRow[]): Promise<ProviderItemRow[]> {
  if (!values.length) return [];
  return db.insert(providerItems).values(values).returning();
}

export async function findItem(
  db: DbOrTx,
  uid: string,
  itemId: string,
): Promise<ProviderItemRow | undefined> {
  const [row] = await db
    .select()
    .from(providerItems)
    .where(and(eq(providerItems.itemId, itemId), eq(providerItems.uid, uid)))
    .limit(1);
  return row;
}

/**
 * `uid`'s item `itemId` with `uid`'s own provider of that item (undefined when the item's provider
 * is not theirs, e.g. a global one), in one query.
 */
export async function findItemWithOwnProvider(
  db: DbOrTx,
  uid: string,
  itemId: string,
): Promise<{ item: ProviderItemRow; provider: ProviderRow | undefined } | undefined> {
  const [row] = await db
    .select({ item: providerItems, provider: providers })
    .from(providerItems)
    .leftJoin(providers, and(eq(providers.providerId, providerItems.providerId), eq(providers.uid, uid)))
    .where(and(eq(providerItems.itemId, itemId), eq(providerItems.uid, uid)))
    .limit(1);
  return row ? { item: row.item, provider: row.provider ?? undefined } : undefined;
}

export interface ItemFilter {
  providerId?: string;
  category?: ProviderCategory;
  enabled?: boolean;
  itemIds?: string[];
}

/** A user's items, ordered by category, order, then creation. */
export async function listItems(
  db: DbOrTx,
  uid: string,
  filter: ItemFilter = {},
): Promise<ProviderItemRow[]> {
  const where: SQL[] = [eq(providerItems.uid, uid)];
  if (filter.providerId !== undefined) where.push(eq(providerItems.providerId, filter.providerId));
  if (filter.category !== undefined) where.push(eq(providerItems.category, filter.category));
  if (filter.enabled !== undefined) where.push(eq(providerItems.enabled, filter.enabled));
  if (filter.itemIds !== undefined) {
    if (!filter.itemIds.length) return [];
    where.push(inArray(providerItems.itemId, filter.itemIds));
  }
  return db
    .select()
    .from(providerItems)
    .where(and(...where))
    .orderBy(
      asc(providerItems.category),
      asc(providerItems.order),
      asc(providerItems.createdAt),
      asc(providerItems.itemId),
    );
}

export async function updateItem(
  db: DbOrTx,
  uid: string,
  itemId: string,
  patch: Partial<NewProviderItemRow>,
): Promise<ProviderItemRow | undefined> {
  const [row] = await db
    .update(providerItems)
    .set({ ...patch, updatedAt: now() })
    .where(and(eq(providerItems.itemId, itemId), eq(providerItems.uid, uid)))
    .returning();
  return row;
}

export async function deleteItems(db: DbOrTx, uid: string, itemIds: string[]): Promise<string[]> {
  if (!itemIds.length) return [];
  const rows = await db
    .delete(providerItems)
    .where(and(eq(providerItems.uid, uid), inArray(providerItems.itemId, itemIds)))
    .returning({ itemId: providerItems.itemId });
  return rows.map((r) => r.itemId);
}

export async function deleteItemsOfProvider(db: DbOrTx, uid: string, providerId: string): Promise<string[]> {
  const rows = await db
    .delete(providerItems)
    .where(and(eq(providerItems.uid, uid), eq(providerItems.providerId, providerId)))
    .returning({ itemId: providerItems.itemId });
  return rows.map((r) => r.itemId);
}

/** The highest `order` among a user's items of a category (-1 when none). */
export async function maxItemOrder(db: DbOrTx, uid: string, category: ProviderCategory): Promise<number> {
  const [row] = await db
    .select({ value: max(providerItems.order) })
    .from(providerItems)
    .where(and(eq(providerItems.uid, uid), eq(providerItems.category, category)));
  return row?.value ?? -1;
}
