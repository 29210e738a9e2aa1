/** /share routes: thin handlers over the share service (services.shares). */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { badRequest } from '../../lib/errors.js';
import type { Services } from '../../services.js';
import { presentShare } from './share.presenter.js';
import { shareNotFound } from './share.service.js';
import { signShareCollabToken } from '../../collab/collab.auth.js';
import { collabUrl } from '../../collab/collab.routes.js';
import { canvasDocName, documentDocName } from '../../collab/index.js';

export function shareHandlers(ctx: AppContext, services: Services): Handlers {
  const shares = services.shares;
  return {
    'share.new': async ({ user, body, req }) => {
      if (body.parentShareId || body.shareData !== undefined || body.shareDataStorageKey) {
        // Snapshots are built by the server from the entity; child shares come with their parent.
        throw badRequest('shareData: the server publishes the snapshot itself; share the entity');
      }
      // "Update link" keeps the link's settings unless the request names them (the schema's
      // default would otherwise turn duplication off on every republish).
      const sent = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      const row = await shares.publish(user.uid, {
        ...body,
        allowDuplication: 'allowDuplication' in sent ? body.allowDuplication : undefined,
      });
      return presentShare(shares, row, shares.origin(req), (await shares.freshness([row])).get(row.shareId));
    },
    'share.update': async ({ user, body, req }) => {
      const row = await shares.update(user.uid, body);
      return presentShare(shares, row, shares.origin(req), (await shares.freshness([row])).get(row.shareId));
    },
    'share.delete': async ({ user, body }) => {
      await shares.revoke(user.uid, body.shareId);
      return {};
    },
    'share.list': async ({ user, query, req }) => {
      const rows = await shares.list(user.uid, query);
      const fresh = await shares.freshness(rows);
      const origin = shares.origin(req);
      return rows.map((row) => presentShare(shares, row, origin, fresh.get(row.shareId)));
    },
    'share.detail': async ({ user, query, req }) => {
      const { row, root, data } = await shares.content(query.shareId, user?.uid ?? null);
      const owner = user?.uid === root.uid;
      // viewers see the title (a live share's follows its entity), only the owner whether it is stale
      const fresh = (await shares.freshness([row], { staleness: owner })).get(row.shareId);
      const record = presentShare(shares, row, shares.origin(req), fresh);
      // Viewers see the link's settings as the root share has them (a child follows its parent).
      return {
        share: {
          ...record,
          access: root.access,
          expiresAt: record.expiresAt ?? root.expiresAt?.toISOString() ?? null,
          allowDuplication: root.allowDuplication,
          live: root.live,
        },
        data,
      };
    },
    'share.child': async ({ user, query, req }) => {
      const { row, root, data } = await shares.child(query.shareId, query.entityId, user?.uid ?? null);
      return {
        share: {
          ...presentShare(shares, row, shares.origin(req)),
          access: root.access,
          expiresAt: root.expiresAt?.toISOString() ?? null,
          allowDuplication: root.allowDuplication,
          live: root.live,
        },
        data,
      };
    },
    'share.duplicate': async ({ user, body }) => shares.duplicate(user.uid, body),
    'share.liveToken': async ({ query, req }) => {
      const { row } = await shares.open(query.shareId, null);
      // Live shares only, opened by anyone (the owner edits through her own connection).
      if (!row.live || row.parentShareId || (row.entityType !== 'canvas' && row.entityType !== 'document')) {
        throw shareNotFound();
      }
      return {
        token: await signShareCollabToken(ctx.secrets.jwt, row.shareId, ctx.clock),
        url: collabUrl(shares.origin(req)),
        documentName:
          row.entityType === 'canvas' ? canvasDocName(row.entityId) : documentDocName(row.entityId),
      };
    },
  };
}
