/** /skill routes: the built-in skills, a queued run (invoke) and a streamed run (streamInvoke). */
import { collabFor } from '../../collab/index.js';
import type { AppContext } from '../../context.js';
import { RAW, type Handlers } from '../../http/register.js';
import { builtInSkills } from '../../skills/skill.builtins.js';
import { DocumentService } from '../document/document.service.js';
import { documentLoader, resourceLoader } from '../../skills/skill.context.js';
import { createSkillEngine, type SkillEngine } from '../../skills/skill.engine.js';
import { presentSkillTemplate } from './skill.presenter.js';
import { recoverSkillRuns, SKILL_RUN_JOB, skillRunJob } from './skill.job.js';
import { SkillRunService } from './skill.service.js';
import { openSse } from './skill.sse.js';

/** The engine over the stored library; documents open for editing are read from their live state. */
function defaultEngine(ctx: AppContext): SkillEngine {
  const documents = new DocumentService(ctx.db, collabFor(ctx));
  return createSkillEngine(ctx, {
    documents: documentLoader(ctx.db, (docId) => documents.liveFields(docId)),
    resources: resourceLoader(ctx.db),
  });
}

export function skillHandlers(ctx: AppContext, engine: SkillEngine = defaultEngine(ctx)): Handlers {
  const runs = new SkillRunService(ctx);
  ctx.queue.define(skillRunJob(ctx, engine));
  recoverSkillRuns(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'could not recover skill runs'));
  return {
    'skill.list': async () => builtInSkills().map(presentSkillTemplate),
    'skill.invoke': async ({ user, body }) => {
      const row = await runs.prepare(user.uid, body, 'waiting');
      await ctx.queue.enqueue(
        SKILL_RUN_JOB,
        { resultId: row.resultId, version: row.version },
        {
          jobId: `${row.resultId}-${row.version}`,
        },
      );
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
