/**
 * Grant sources: each answers, for one request, which ids it lets the actor act on. The policy
 * permits an id when any source grants it. Owners may do anything with their rows; global rows
 * (the providers configured by the server) may be read by every signed-in user. A share link
 * will be one more source: `{ kind: 'share', token }` actors granted `read` on what the share holds.
 */
import { GLOBAL_PROVIDER_IDS } from '../provider/provider.global.js';
import type { DbOrTx } from '../../db/helpers.js';
import { ENTITY_POLICIES, type AccessType } from './access.entities.js';

/** Who is asking. Later: `{ kind: 'share'; token }`, `{ kind: 'apiToken'; uid; scopes }`. */
export type Actor = { readonly kind: 'user'; readonly uid: string } | { readonly kind: 'anonymous' };

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

/** Every source the policy asks, in order. A new way in is one more entry. */
export const GRANT_SOURCES: readonly GrantSource[] = [ownerGrant, globalRowGrant];
