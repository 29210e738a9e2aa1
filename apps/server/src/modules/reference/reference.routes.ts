/** /knowledge/reference routes: thin handlers over the reference service. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { presentReference } from './reference.presenter.js';
import { ReferenceService } from './reference.service.js';

export function referenceHandlers(ctx: AppContext, refs = new ReferenceService(ctx.db)): Handlers {
  return {
    'knowledge.reference.add': async ({ user, body }) =>
      (await refs.add(user.uid, body.references)).map(presentReference),
    'knowledge.reference.delete': async ({ user, body }) => {
      await refs.delete(user.uid, body.referenceIds);
      return {};
    },
    'knowledge.reference.query': async ({ user, body }) =>
      (await refs.query(user.uid, body)).map(presentReference),
  };
}
