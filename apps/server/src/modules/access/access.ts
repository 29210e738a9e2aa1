/**
 * The one access policy: "may this actor read / write / delete these ids of type T?".
 *
 *   const access = accessFor(db);                       // db or a transaction
 *   const ok = await access.check(actor, 'read', 'document', ids);   // the permitted subset
 *   await access.require(actor, 'write', 'canvas', ids);  // or throws the type's not-found code
 *
 * Every route, skill context loader, collab connection and item store asks here; no module
 * filters by `uid` to decide what a caller may touch (listing one's own rows is not a decision).
 * An id the actor may not use answers exactly like an id that does not exist (the type's
 * not-found code, e.g. E1000 for a canvas), so existence is never revealed.
 *
 * How it decides: the grant sources of access.grants.ts are asked in turn; an id is permitted
 * when any of them grants it for that action.
 * - A new entity type: add it to `AccessType` and `ENTITY_POLICIES` (access.entities.ts) with its
 *   not-found code and owner query, then a deletion path in access.delete.ts if things hang on it.
 * - A new way in (share links, API tokens): add an `Actor` kind and a `GrantSource` to
 *   `GRANT_SOURCES` answering which ids it grants for which actions. Routes need no change:
 *   they already pass their actor and the action they perform.
 */
import { AppError } from '../../lib/errors.js';
import type { DbOrTx } from '../../db/helpers.js';
import type { EntityRef } from '@atelier/contract';
import { ENTITY_POLICIES, ENTITY_REF_TYPES, type AccessType } from './access.entities.js';
import { GRANT_SOURCES, type AccessAction, type Actor, type GrantSource } from './access.grants.js';

export type { AccessType } from './access.entities.js';
export type { AccessAction, Actor, GrantSource } from './access.grants.js';

export const userActor = (uid: string): Actor => ({ kind: 'user', uid });
export const ANONYMOUS: Actor = { kind: 'anonymous' };

/**
 * The error an id of `type` the caller may not see (or that does not exist) answers: the
 * catalogue code and message only, so the answer is the same whichever way the id was refused.
 */
export function notFoundError(type: AccessType): AppError {
  return new AppError(ENTITY_POLICIES[type].notFound);
}

export interface Access {
  /** Like `require` for one contract entity reference (`{ entityType, entityId }`). */
  requireRef(actor: Actor, action: AccessAction, ref: EntityRef): Promise<void>;
  /** Of `ids`, those the actor may act on this way. */
  check(actor: Actor, action: AccessAction, type: AccessType, ids: readonly string[]): Promise<Set<string>>;
  /** Whether the actor may act on this one id. */
  can(actor: Actor, action: AccessAction, type: AccessType, id: string): Promise<boolean>;
  /** Throws the type's not-found error unless every id is permitted. */
  require(actor: Actor, action: AccessAction, type: AccessType, ids: readonly string[]): Promise<void>;
}

export function accessFor(db: DbOrTx, sources: readonly GrantSource[] = GRANT_SOURCES): Access {
  async function check(actor: Actor, action: AccessAction, type: AccessType, ids: readonly string[]) {
    const wanted = [...new Set(ids)];
    const permitted = new Set<string>();
    for (const source of sources) {
      const open = wanted.filter((id) => !permitted.has(id));
      if (!open.length) break;
      const asked = new Set(open);
      for (const id of await source.grant({ db, actor, action, type, ids: open })) {
        if (asked.has(id)) permitted.add(id);
      }
    }
    return permitted;
  }
  async function require(actor: Actor, action: AccessAction, type: AccessType, ids: readonly string[]) {
    const permitted = await check(actor, action, type, ids);
    const refused = ids.find((id) => !permitted.has(id));
    if (refused !== undefined) throw notFoundError(type);
  }
  return {
    check,
    require,
    requireRef: (actor, action, ref) =>
      require(actor, action, ENTITY_REF_TYPES[ref.entityType], [ref.entityId]),
    async can(actor, action, type, id) {
      return (await check(actor, action, type, [id])).has(id);
    },
  };
}
