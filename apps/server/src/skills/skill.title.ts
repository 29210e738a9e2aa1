/**
 * The title generator behind /canvas/autoName: the user's titleGeneration model (falling back to
 * the chat model) names a canvas after its content; E0014 when the user has no model at all.
 */
import { generateText } from 'ai';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/errors.js';
import type { TitleGenerator } from '../modules/canvas/canvas.service.js';
import { languageModelFor } from '../modules/provider/provider.models.js';
import { resolveModel } from '../modules/provider/provider.resolve.js';
import { stripCitations } from './skill.citations.js';
import { mapSkillError } from './skill.errors.js';

const MAX_CONTEXT_CHARS = 4_000;

/** The first line of a model's answer without quotes, heading marks or a trailing period. */
export function cleanTitle(text: string): string {
  const line =
    stripCitations(text)
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  return line
    .replace(/^#+\s*/, '')
    .replace(/^(?:title|标题)\s*[:：]\s*/i, '')
    .replace(/^["'“”「『*]+|["'“”」』*]+$/g, '')
    .replace(/[.。]$/, '')
    .trim()
    .slice(0, 100);
}

export function createTitleGenerator(ctx: AppContext): TitleGenerator {
  return async ({ uid, context }) => {
    const resolved = await resolveModel(ctx, uid, 'titleGeneration');
    if (!resolved) throw new AppError('E0014');
    try {
      const { text } = await generateText({
        model: languageModelFor(resolved),
        system:
          'You name canvases. Answer with one short title (at most 8 words) in the language of the content, nothing else.',
        prompt: `Content of the canvas:\n${context.slice(0, MAX_CONTEXT_CHARS)}`,
        maxRetries: ctx.config.SKILL_MODEL_RETRIES,
        maxOutputTokens: 60,
        abortSignal: AbortSignal.timeout(ctx.config.SKILL_IDLE_TIMEOUT),
      });
      return cleanTitle(text);
    } catch (err) {
      const mapped = mapSkillError(err);
      throw new AppError(mapped.code, mapped.originError);
    }
  };
}
