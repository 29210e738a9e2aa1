/** Citation markers: normalisation (also streamed), linking to sources, and stripping. */
import { describe, expect, it } from 'vitest';
import {
  citedSources,
  createCitationNormalizer,
  normalizeCitations,
  stripCitations,
  type CitationSource,
} from './skill.citations.js';

describe('citations', () => {
  it('normalises every accepted form to [[citation:N]]', () => {
    expect(normalizeCitations('A [1], B [citation:2], C 【3】 and D [[citation:4]].')).toBe(
      'A [[citation:1]], B [[citation:2]], C [[citation:3]] and D [[citation:4]].',
    );
  });

  it('leaves Markdown links and other brackets alone', () => {
    expect(normalizeCitations('see [1](https://x.test) and [note] and [a1]')).toBe(
      'see [1](https://x.test) and [note] and [a1]',
    );
  });

  it('strips markers for plain text', () => {
    expect(stripCitations('Paris is the capital [1][citation:2]. Yes 【3】 [[citation:4]]!')).toBe(
      'Paris is the capital. Yes!',
    );
  });

  it('links cited markers to sources in order of first citation', () => {
    const sources: CitationSource[] = [
      { index: 1, title: 'One', kind: 'document', entityId: 'd-1' },
      { index: 2, title: 'Two', kind: 'url', url: 'https://two.test' },
    ];
    expect(citedSources('x [2] y [1] z [2] w [9]', sources).map((s) => s.title)).toEqual(['Two', 'One']);
  });

  it('normalises markers split across stream chunks', () => {
    const n = createCitationNormalizer();
    const chunks = [
      'Fact [',
      'cita',
      'tion:1',
      '] and 【',
      '2】 then [3',
      '] end [4',
      '](https://l.test) [5]',
    ];
    const out = chunks.map((c) => n.push(c)).join('') + n.flush();
    expect(out).toBe(
      'Fact [[citation:1]] and [[citation:2]] then [[citation:3]] end [4](https://l.test) [[citation:5]]',
    );
  });

  it('does not hold back ordinary text', () => {
    const n = createCitationNormalizer();
    expect(n.push('Hello world')).toBe('Hello world');
    expect(n.push(' [x] ok')).toBe(' [x] ok');
    expect(n.flush()).toBe('');
  });
});
