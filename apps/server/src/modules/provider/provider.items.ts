/**
 * Provider items (models): create, batch create, update, batch update, delete and list. An item is
 * the user's own and belongs to a provider they may use (own or global); `getUsableItem` is the one
 * authorization helper (E1016 for a missing item, someone else's, or one whose provider is gone).
 * Configs are checked against the item's category with the contract's checkProviderItemConfig.
 */
import { z } from 'zod';
import {
  checkProviderItemConfig,
  PROVIDER_ITEM_CONFIG_SCHEMAS,
  type CreateProviderItem,
  type ProviderCategory,
  type UpdateProviderItem,
} from '@atelier/contract';
import type { Db } from '../../db/connect.js';
import { assertEmbeddingConfigChange } from '../../ingest/ingest.embed.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { describeZodError } from '../../http/register.js';
import { newId } from '../../lib/ids.js';
import type { DbOrTx } from '../../db/helpers.js';
import type { GlobalProviderList } from '../../lib/providers/providers.types.js';
import { forgetInPreferences } from './provider.preferences.js';
import {
  deleteItems,
  findItemWithOwnProvider,
  insertItems,
  listItems,
  listProviders,
  maxItemOrder,
  updateItem,
  type NewProviderItemRow,
} from './provider.repository.js';
import { getUsableProvider, toProviderRecord } from './provider.service.js';
import type { ProviderItemRow, ProviderRecord } from './provider.types.js';

const notFound = () => new AppError('E1016');

export interface UsableItem {
  item: ProviderItemRow;
  provider: ProviderRecord;
}

/** An item `uid` owns whose provider they may still use. */
export async function getUsableItem(
  db: DbOrTx,
  globals: GlobalProviderList,
  uid: string,
  itemId: string,
): Promise<UsableItem> {
  // The item and the caller's own provider row in one query; a global provider comes from memory.
  const found = await findItemWithOwnProvider(db, uid, itemId);
  if (!found) throw notFound();
  const { item } = found;
  const global = await globals.get(item.providerId);
  if (global) return { item, provider: global };
  const row = found.provider;
  if (!row) throw notFound();
  return { item, provider: toProviderRecord(row) };
}

/** The config checked against the category (E0003 naming the field), as the category's schema parses it. */
export function checkedConfig(
  category: ProviderCategory,
  config: unknown,
  path: PropertyKey[] = ['config'],
): Record<string, unknown> {
  const result = z
    .unknown()
    .superRefine((value, ctx) => checkProviderItemConfig(category, value, ctx, path))
    .safeParse(config);
  if (!result.success) throw badRequest(describeZodError(result.error, 'body'));
  return PROVIDER_ITEM_CONFIG_SCHEMAS[category].parse(config) as Record<string, unknown>;
}

function checkCategoryOffered(provider: ProviderRecord, category: ProviderCategory, at: string): void {
  if (!provider.categories.includes(category)) {
    throw badRequest(
      `${at}category: "${provider.name}" does not offer ${category} (it offers ${provider.categories.join(', ')})`,
    );
  }
}

export interface ListItemsFilter {
  providerId?: string;
  category?: ProviderCategory;
  enabled?: boolean;
  isGlobal?: boolean;
}

export class ProviderItemService {
  constructor(
    private readonly db: Db,
    private readonly globals: GlobalProviderList,
  ) {}

  async create(uid: string, input: CreateProviderItem): Promise<UsableItem> {
    const [created] = await this.createMany(uid, [input], false);
    if (!created) throw new Error('item create returned nothing');
    return created;
  }

  /** All or nothing: one bad item refuses the whole batch. */
  async batchCreate(uid: string, inputs: CreateProviderItem[]): Promise<UsableItem[]> {
    return this.createMany(uid, inputs, true);
  }

  private async createMany(uid: string, inputs: CreateProviderItem[], batch: boolean): Promise<UsableItem[]> {
    return this.db.transaction(async (tx) => {
      const providers = new Map<string, ProviderRecord>();
      const nextOrder = new Map<ProviderCategory, number>();
      const rows: NewProviderItemRow[] = [];
      for (const [i, input] of inputs.entries()) {
        const at = batch ? `items.${i}.` : '';
        let provider = providers.get(input.providerId);
        if (!provider) {
          provider = await getUsableProvider(tx, this.globals, uid, input.providerId);
          providers.set(provider.providerId, provider);
        }
        checkCategoryOffered(provider, input.category, at);
        const config = checkedConfig(
          input.category,
          input.config,
          batch ? ['items', i, 'config'] : ['config'],
        );
        let order = input.order;
        if (order === undefined) {
          order = nextOrder.get(input.category) ?? (await maxItemOrder(tx, uid, input.category)) + 1;
          nextOrder.set(input.category, order + 1);
        }
        rows.push({
          itemId: newId('providerItem'),
          uid,
          providerId: provider.providerId,
          name: input.name,
          category: input.category,
          enabled: input.enabled,
          tier: input.tier ?? null,
          config,
          order,
          group: input.group,
        });
      }
      const inserted = await insertItems(tx, rows);
      const byId = new Map(inserted.map((r) => [r.itemId, r]));
      return rows.map((r) => {
        const item = byId.get(r.itemId);
        const provider = providers.get(r.providerId);
        if (!item || !provider) throw new Error('inserted item missing');
        return { item, provider };
      });
    });
  }

  async update(uid: string, input: UpdateProviderItem): Promise<UsableItem> {
    const [updated] = await this.updateMany(uid, [input], false);
    if (!updated) throw new Error('item update returned nothing');
    return updated;
  }

  /** All or nothing: an unknown item (E1016) or a bad config (E0003) leaves every item as it was. */
  async batchUpdate(uid: string, inputs: UpdateProviderItem[]): Promise<UsableItem[]> {
    return this.updateMany(uid, inputs, true);
  }

  private async updateMany(uid: string, inputs: UpdateProviderItem[], batch: boolean): Promise<UsableItem[]> {
    return this.db.transaction(async (tx) => {
      const out: UsableItem[] = [];
      for (const [i, input] of inputs.entries()) {
        const { item, provider } = await getUsableItem(tx, this.globals, uid, input.itemId);
        const patch: Partial<NewProviderItemRow> = {};
        if (input.name !== undefined) patch.name = input.name;
        if (input.enabled !== undefined) patch.enabled = input.enabled;
        if (input.tier !== undefined) patch.tier = input.tier;
        if (input.config !== undefined) {
          patch.config = checkedConfig(
            item.category,
            input.config,
            batch ? ['items', i, 'config'] : ['config'],
          );
          // The library's vectors were made with this model: E0013 rather than a silent switch.
          if (item.category === 'embedding')
            await assertEmbeddingConfigChange(tx, uid, item.itemId, patch.config);
        }
        if (input.order !== undefined) patch.order = input.order;
        if (input.group !== undefined) patch.group = input.group;
        const row = Object.keys(patch).length ? await updateItem(tx, uid, item.itemId, patch) : item;
        if (!row) throw notFound();
        out.push({ item: row, provider });
      }
      return out;
    });
  }

  /** Deletes an own item (also one whose global provider is no longer configured). */
  async delete(uid: string, itemId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const deleted = await deleteItems(tx, uid, [itemId]);
      if (!deleted.length) throw notFound();
      await forgetInPreferences(tx, uid, { itemIds: deleted });
    });
  }

  /** The user's items whose provider they may use, each with its provider. */
  async list(uid: string, filter: ListItemsFilter = {}): Promise<UsableItem[]> {
    const [globals, own, items] = await Promise.all([
      this.globals.list(),
      listProviders(this.db, uid),
      listItems(this.db, uid, {
        providerId: filter.providerId,
        category: filter.category,
        enabled: filter.enabled,
      }),
    ]);
    const providers = new Map<string, ProviderRecord>([
      ...globals.map((p) => [p.providerId, p] as const),
      ...own.map((r) => [r.providerId, toProviderRecord(r)] as const),
    ]);
    const out: UsableItem[] = [];
    for (const item of items) {
      const provider = providers.get(item.providerId);
      if (!provider) continue;
      if (filter.isGlobal !== undefined && provider.isGlobal !== filter.isGlobal) continue;
      out.push({ item, provider });
    }
    return out;
  }
}
