/** /skill/trigger routes: thin handlers over the trigger service and its presenter. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { presentTrigger } from './trigger.presenter.js';
import { TriggerService } from './trigger.service.js';

export function triggerHandlers(ctx: AppContext): Handlers {
  const triggers = new TriggerService(ctx);
  return {
    'skill.trigger.new': async ({ user, body }) => presentTrigger(await triggers.create(user.uid, body)),
    'skill.trigger.update': async ({ user, body }) => presentTrigger(await triggers.update(user.uid, body)),
    'skill.trigger.delete': async ({ user, body }) => {
      await triggers.delete(user.uid, body.triggerId);
      return {};
    },
    'skill.trigger.list': async ({ user, query }) =>
      (await triggers.list(user.uid, query)).map(presentTrigger),
  };
}
