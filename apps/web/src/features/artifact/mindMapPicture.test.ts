import { describe, expect, it } from 'vitest';
import { mindMapSvg } from './mindMapPicture';

describe('mindMapSvg', () => {
  it('draws one card per node with its label, children in the next column', () => {
    const svg = mindMapSvg({
      id: 'r',
      label: 'Plan <Q3>',
      children: [
        { id: 'a', label: 'Research' },
        {
          id: 'b',
          label: 'Build',
          children: [{ id: 'c', label: 'A very long label that does not fit a card' }],
        },
      ],
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    const texts = [...doc.querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toEqual(['Research', 'A very long label tha…', 'Build', 'Plan <Q3>']);
    expect(doc.querySelectorAll('path')).toHaveLength(3);
    // three columns, two rows
    expect(Number(doc.documentElement.getAttribute('width'))).toBe(12 * 2 + 2 * 190 + 160);
    expect(Number(doc.documentElement.getAttribute('height'))).toBe(12 * 2 + 2 * 44 - 12);
  });
});
