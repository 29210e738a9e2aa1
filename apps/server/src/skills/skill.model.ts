/** The chat-model settings of a resolved provider item that a run uses (limits, capabilities). */
import type { LlmModelConfig } from '@atelier/contract';
import type { ResolvedModel } from '../modules/provider/provider.types.js';

export function llmConfigOf(resolved: ResolvedModel): Partial<LlmModelConfig> {
  return resolved.item.category === 'llm' ? (resolved.config as Partial<LlmModelConfig>) : {};
}
