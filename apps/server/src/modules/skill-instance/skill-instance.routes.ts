/** /skill/instance routes: thin handlers over the skill instance service and its presenter. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { presentSkillInstance } from './skill-instance.presenter.js';
import { SkillInstanceService } from './skill-instance.service.js';

export function skillInstanceHandlers(ctx: AppContext): Handlers {
  const instances = new SkillInstanceService(ctx);
  return {
    'skill.instance.new': async ({ user, body }) =>
      presentSkillInstance(await instances.create(user.uid, body)),
    'skill.instance.update': async ({ user, body }) =>
      presentSkillInstance(await instances.update(user.uid, body)),
    'skill.instance.delete': async ({ user, body }) => {
      await instances.delete(user.uid, body.skillId);
      return {};
    },
    'skill.instance.pin': async ({ user, body }) =>
      presentSkillInstance(await instances.pin(user.uid, body.skillId)),
    'skill.instance.unpin': async ({ user, body }) =>
      presentSkillInstance(await instances.unpin(user.uid, body.skillId)),
    'skill.instance.list': async ({ user, query }) =>
      (await instances.list(user.uid, query)).map(presentSkillInstance),
  };
}
