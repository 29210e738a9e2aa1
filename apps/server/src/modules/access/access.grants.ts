/**
 * Grant sources: each answers, for one request, which ids it lets the actor act on. The policy
 * permits an id when any source grants it. Owners may do anything with their rows; global rows
 * (the providers configured by the server) may be read by every signed-in user. A live share link
 * is one more source: `{ kind: 'share', shareId }` actors granted `read` on what the share holds.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { shares } from '../../db/schema/share.js';
import { GLOBAL_PROVIDER_IDS } from '../../lib/providers/providers.types.js';
import type { DbOrTx } from '../../db/helpers.js';
import { ENTITY_POLICIES, type AccessType } from './access.entities.js';

/**
 * Who is asking. A `share` actor holds a share link (a live share's collab token names it): it
 * may read the one entity that share was published from, while the share is live, open to anyone
 * and unexpired. Later: `{ kind: 'apiToken'; uid; scopes }`.
 */
export type Actor =
  | { readonly kind: 'user'; readonly uid: string }
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'share'; readonly shareId: string; readonly at: Date };

export type AccessAction = 'read' | 'write' | 'delete';

export interface AccessRequest {
  readonly db: DbOrTx;
  readonly actor: Actor;
  readonly action: AccessAction;
  readonly type: AccessType;
  /** Distinct, non-empty. */
  readonly ids: readonly string[];
}

export interface GrantSource {
  readonly name: string;
  /** The ids of `req.ids` this source permits; never ids outside `req.ids`. */
  grant(req: AccessRequest): Promise<Iterable<string>>;
}

export const ownerGrant: GrantSource = {
  name: 'owner',
  async grant({ db, actor, type, ids }) {
    if (actor.kind !== 'user') return [];
    return ENTITY_POLICIES[type].owned(db, actor.uid, ids);
  },
};

const GLOBAL_PROVIDERS: ReadonlySet<string> = new Set(Object.values(GLOBAL_PROVIDER_IDS));

/** Global providers are read-only rows every signed-in user may use; nobody may change them. */
export const globalRowGrant: GrantSource = {
  name: 'global',
  grant({ actor, action, type, ids }) {
    if (actor.kind !== 'user' || action !== 'read' || type !== 'provider') return Promise.resolve([]);
    return Promise.resolve(ids.filter((id) => GLOBAL_PROVIDERS.has(id)));
  },
};

const SHARE_ENTITY_TYPES: Partial<Record<AccessType, string>> = { canvas: 'canvas', document: 'document' };

/**
 * A live share link grants `read` (never write or delete) on the canvas or document it was
 * published from, while it is live, open to anyone and unexpired at the actor's time.
 */
export const shareLinkGrant: GrantSource = {
  name: 'share',
  async grant({ db, actor, action, type, ids }) {
    const entityType = SHARE_ENTITY_TYPES[type];
    if (actor.kind !== 'share' || action !== 'read' || !entityType) return [];
    const [row] = await db
      .select()
      .from(shares)
      .where(
        and(
          eq(shares.shareId, actor.shareId),
          isNull(shares.parentShareId),
          eq(shares.entityType, entityType as 'canvas'),
          eq(shares.live, true),
          eq(shares.access, 'anyone'),
          or(isNull(shares.expiresAt), gt(shares.expiresAt, actor.at)),
        ),
      )
      .limit(1);
    return row && ids.includes(row.entityId) ? [row.entityId] : [];
  },
};

/** Every source the policy asks, in order. A new way in is one more entry. */
export const GRANT_SOURCES: readonly GrantSource[] = [ownerGrant, globalRowGrant, shareLinkGrant];
