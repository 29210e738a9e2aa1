/** /label routes: label classes and labels, thin handlers over the label service. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { labelTargetCheck } from './label.entities.js';
import { presentLabel, presentLabelClass } from './label.presenter.js';
import { LabelService } from './label.service.js';

export function labelHandlers(
  ctx: AppContext,
  labels = new LabelService(ctx.db, labelTargetCheck()),
): Handlers {
  return {
    'label.class.new': async ({ user, body }) => presentLabelClass(await labels.createClass(user.uid, body)),
    'label.class.update': async ({ user, body }) =>
      presentLabelClass(await labels.updateClass(user.uid, body)),
    'label.class.delete': async ({ user, body }) => {
      await labels.deleteClass(user.uid, body.labelClassId);
      return {};
    },
    'label.class.list': async ({ user, query }) =>
      (await labels.listClasses(user.uid, query)).map(presentLabelClass),
    'label.instance.new': async ({ user, body }) => presentLabel(await labels.createLabel(user.uid, body)),
    'label.instance.update': async ({ user, body }) =>
      presentLabel(await labels.updateLabel(user.uid, body.labelId, body.value)),
    'label.instance.delete': async ({ user, body }) => {
      await labels.deleteLabel(user.uid, body.labelId);
      return {};
    },
    'label.instance.list': async ({ user, query }) =>
      (await labels.listLabels(user.uid, query)).map(presentLabel),
  };
}
