/** /skill routes: the built-in skills, a queued run (invoke) and a streamed run (streamInvoke). */
import type { AppContext } from '../../context.js';
import { RAW, type Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { builtInSkills } from '../../skills/skill.builtins.js';
import { presentSkillTemplate } from './skill.presenter.js';
import { enqueueSkillRun } from './skill.job.js';
import { openSse } from './skill.sse.js';

export function skillHandlers(ctx: AppContext, services: Services): Handlers {
  const engine = services.skillEngine;
  const runs = services.skillRuns;
  return {
    'skill.list': async () => builtInSkills().map(presentSkillTemplate),
    'skill.invoke': async ({ user, body }) => {
      const row = await runs.prepare(user.uid, body, 'waiting');
      await enqueueSkillRun(ctx, row.resultId, row.version);
      return { resultId: row.resultId };
    },
    'skill.streamInvoke': async ({ user, body, reply }) => {
      // Refusals (bad input, no model, someone else's result) answer the JSON wrapper, before any event.
      // Recorded as executing: this request runs it at once, with the model already resolved.
      const { row, resolved } = await runs.prepareRun(user.uid, body, 'executing');
      const sse = openSse(reply);
      try {
        await engine.run(row, sse, { resolved, started: true });
      } finally {
        sse.close();
      }
      return RAW;
    },
  };
}
