import { describe, expect, it } from 'vitest';
import { classifyModel, ollamaRoot } from './provider.options.js';

describe('classifyModel', () => {
  it('sorts model ids into chat, embedding and reranker, and skips the rest', () => {
    expect(classifyModel('gpt-4o-mini')).toBe('llm');
    expect(classifyModel('deepseek-chat')).toBe('llm');
    expect(classifyModel('text-embedding-3-small')).toBe('embedding');
    expect(classifyModel('BAAI/bge-m3')).toBe('embedding');
    expect(classifyModel('bge-reranker-v2-m3')).toBe('reranker');
    for (const id of [
      'whisper-1',
      'tts-1',
      'dall-e-3',
      'gpt-image-1',
      'omni-moderation-latest',
      'gpt-4o-realtime-preview',
    ]) {
      expect(classifyModel(id), id).toBeNull();
    }
  });
});

describe('ollamaRoot', () => {
  it('strips /v1 or /api so both Ollama APIs can be addressed', () => {
    expect(ollamaRoot('http://127.0.0.1:11434')).toBe('http://127.0.0.1:11434');
    expect(ollamaRoot('http://127.0.0.1:11434/v1/')).toBe('http://127.0.0.1:11434');
    expect(ollamaRoot('http://host/ollama/api')).toBe('http://host/ollama');
  });
});
