/** /action routes: thin handlers over the action service. */
import type { Handlers } from '../../http/register.js';
import { presentActionResult } from './action.presenter.js';
import type { ActionService } from './action.service.js';

export function actionHandlers(actions: ActionService): Handlers {
  return {
    'action.result': async ({ user, query }) => {
      const { row, steps } = await actions.get(user.uid, query.resultId, query.version);
      return presentActionResult(row, steps);
    },
    'action.list': async ({ user, query }) =>
      (await actions.list(user.uid, query)).map((row) => presentActionResult(row)),
    'action.abort': async ({ user, body }) => {
      const { row, steps } = await actions.abort(user.uid, body.resultId);
      return presentActionResult(row, steps);
    },
  };
}
