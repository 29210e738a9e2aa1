/** /template routes: thin handlers over the template service. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { presentCategory, presentTemplate } from './template.presenter.js';

export function templateHandlers(ctx: AppContext, services: Services): Handlers {
  const templates = services.templates;
  const present = async (templateId: string) =>
    presentTemplate(await templates.listRow(templateId), ctx.config.fileBaseUrl);
  return {
    'template.category.list': async () => (await templates.categories()).map(presentCategory),
    'template.create': async ({ user, body }) => present((await templates.create(user.uid, body)).templateId),
    'template.update': async ({ user, body }) => present((await templates.update(user.uid, body)).templateId),
    'template.delete': async ({ user, body }) => {
      await templates.delete(user.uid, body.templateId);
      return {};
    },
    'template.list': async ({ user, query }) =>
      (await templates.list(user?.uid ?? null, query)).map((row) =>
        presentTemplate(row, ctx.config.fileBaseUrl),
      ),
  };
}
