import { describe, expect, it } from 'vitest';
import { segmentForIndex, segmentForQuery } from './ingest.segment.js';

describe('CJK segmentation for full-text search', () => {
  it('indexes CJK runs as characters and overlapping bigrams, leaving other text alone', () => {
    expect(segmentForIndex('知识库 search')).toBe('知 识 库 知识 识库 search');
    expect(segmentForIndex('Hello, 世界!')).toBe('Hello, 世 界 世界 !');
  });

  it('queries with bigrams, or the single character of a one-character run', () => {
    expect(segmentForQuery('知识库')).toBe('知识 识库');
    expect(segmentForQuery('猫')).toBe('猫');
    expect(segmentForQuery('Atelier 画布')).toBe('Atelier 画布');
  });
});
