import { describe, expect, it } from 'vitest';
import { findHits, queryTerms, searchableText, stepHit, type SearchableNode } from './canvasSearch';

const node = (
  id: string,
  x: number,
  y: number,
  data: { title?: string; contentPreview?: string; url?: string },
): SearchableNode => ({
  id,
  position: { x, y },
  data: {
    title: data.title ?? '',
    entityId: '',
    contentPreview: data.contentPreview ?? '',
    metadata: data.url ? { url: data.url } : {},
  },
});

const nodes = [
  node('memo', 400, 0, { contentPreview: 'Buy oat milk and Coffee beans' }),
  node('doc', 0, 300, { title: 'Quarterly coffee report', contentPreview: 'Revenue grew' }),
  node('site', 0, 0, { title: 'Roasters', url: 'https://coffee.example.com' }),
  node('zh', 200, 600, { title: '咖啡豆采购清单', contentPreview: '阿拉比卡' }),
  node('empty', 0, 900, {}),
];

describe('canvas search', () => {
  it('matches titles, content and links without regard to case, in reading order', () => {
    expect(findHits(nodes, 'COFFEE')).toEqual(['site', 'memo', 'doc']);
    expect(findHits(nodes, 'revenue')).toEqual(['doc']);
    expect(findHits(nodes, 'example.com')).toEqual(['site']);
  });

  it('needs every word of the query, in any order', () => {
    expect(findHits(nodes, 'beans coffee')).toEqual(['memo']);
    expect(findHits(nodes, 'coffee tea')).toEqual([]);
  });

  it('finds Chinese text by substring and folds full-width letters', () => {
    expect(findHits(nodes, '咖啡')).toEqual(['zh']);
    expect(findHits(nodes, '阿拉比卡')).toEqual(['zh']);
    expect(findHits(nodes, 'ＣＯＦＦＥＥ report')).toEqual(['doc']);
  });

  it('finds nothing for a blank query', () => {
    expect(queryTerms('   ')).toEqual([]);
    expect(findHits(nodes, '')).toEqual([]);
    expect(findHits(nodes, '  \t ')).toEqual([]);
  });

  it('searches the title, the preview and the link of a node', () => {
    const text = searchableText(nodes[2]!.data);
    expect(text).toContain('roasters');
    expect(text).toContain('https://coffee.example.com');
  });

  it('steps forward and back through the hits, wrapping around', () => {
    expect(stepHit(0, 3, 1)).toBe(1);
    expect(stepHit(2, 3, 1)).toBe(0);
    expect(stepHit(0, 3, -1)).toBe(2);
    expect(stepHit(0, 0, 1)).toBe(0);
  });
});
