import { markdownToDoc } from '@atelier/editor';
import { describe, expect, it } from 'vitest';
import {
  BODY,
  MAX_SLIDE_NODES,
  MAX_SLIDES_PER_NODE,
  ems,
  layoutDeck,
  type ContentSlide,
  type DeckNode,
} from './export.slides.js';

const deck = (nodes: DeckNode[]) =>
  layoutDeck({ title: 'Deck', description: '', cover: null, nodes }, markdownToDoc);
const content = (slides: ReturnType<typeof deck>) =>
  slides.filter((s): s is ContentSlide => s.kind === 'content');

describe('slide layout', () => {
  it('makes a title slide, then one slide per node in order', () => {
    const slides = deck([
      { title: 'One', markdown: '# One\n\nFirst node.' },
      { title: 'Two', url: 'https://example.com' },
      { title: 'Three', code: 'x = 1' },
    ]);
    expect(slides.map((s) => s.kind)).toEqual(['title', 'content', 'content', 'content']);
    const [one, two, three] = content(slides);
    expect(one!.heading).toBe('One');
    // The heading that repeats the node title is not shown twice.
    expect(one!.blocks.map((b) => b.kind)).toEqual(['paragraph']);
    expect(two!.blocks[0]).toMatchObject({ kind: 'paragraph', runs: [{ href: 'https://example.com' }] });
    expect(three!.blocks[0]).toMatchObject({ kind: 'code', text: 'x = 1' });
    expect(slides.every((s) => s.kind === 'title' || s.part === null)).toBe(true);
  });

  it('continues long text and code on numbered slides, every block inside the body', () => {
    const long = Array.from(
      { length: 40 },
      (_, i) => `段落 ${i + 1}: ${'长的中文句子和 English words. '.repeat(8)}`,
    );
    const code = Array.from({ length: 120 }, (_, i) => `line ${i + 1}`).join('\n');
    const slides = content(
      deck([{ title: 'Long', markdown: `${long.join('\n\n')}\n\n\`\`\`\n${code}\n\`\`\`` }]),
    );
    expect(slides.length).toBeGreaterThan(3);
    expect(slides.map((s) => s.part)).toEqual(slides.map((_, i) => `${i + 1}/${slides.length}`));
    for (const slide of slides) {
      for (const b of slide.blocks) expect(b.y + b.h).toBeLessThanOrEqual(BODY.bottom + 0.001);
    }
    const codeText = slides
      .flatMap((s) => s.blocks)
      .filter((b) => b.kind === 'code')
      .map((b) => (b.kind === 'code' ? b.text : ''))
      .join('\n');
    expect(codeText).toBe(code);
  });

  it('cuts one endless line across slides and caps the slides of a node and the nodes', () => {
    const slides = content(deck([{ title: 'Line', code: 'x'.repeat(20_000) }]));
    expect(slides.length).toBeGreaterThan(1);
    expect(slides.length).toBeLessThanOrEqual(MAX_SLIDES_PER_NODE);
    const huge = content(deck([{ title: 'Huge', code: 'y\n'.repeat(50_000) }]));
    expect(huge).toHaveLength(MAX_SLIDES_PER_NODE);
    const many = deck(Array.from({ length: MAX_SLIDE_NODES + 5 }, (_, i) => ({ title: `n${i}` })));
    expect(many).toHaveLength(1 + MAX_SLIDE_NODES);
  });

  it('counts Chinese characters as a full em', () => {
    expect(ems('中文')).toBe(2);
    expect(ems('ab', true)).toBeCloseTo(1.2);
  });
});
