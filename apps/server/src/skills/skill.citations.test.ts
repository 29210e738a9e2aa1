/** Citation markers: normalisation (also streamed), linking to sources, and stripping. */
import { describe, expect, it } from 'vitest';
import { cleanCitations, joinCited, placeCitations } from '@atelier/contract';
import {
  anchorsToLinks,
  citedSources,
  createCitationExtractor,
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

  it('takes markers out of a stream as anchors, split chunks and spaces before them included', () => {
    const x = createCitationExtractor();
    const parts = ['Teal ', '[', '1] boats', ' ', '【2', '】. Done [cit', 'ation:3]'].map((c) => x.push(c));
    parts.push(x.flush());
    expect(parts.map((p) => p.text).join('')).toBe('Teal boats. Done');
    expect(parts.flatMap((p) => p.citations)).toEqual([
      { index: 1, at: 4 },
      { index: 2, at: 10 },
      { index: 3, at: 16 },
    ]);
    // no delta ever carries a marker or a piece of one
    expect(parts.some((p) => /[[\]【】]/.test(p.text))).toBe(false);
  });

  it('draws anchors back, joins steps and cleans legacy text', () => {
    expect(
      placeCitations(
        'ab cd',
        [
          { index: 2, at: 5 },
          { index: 1, at: 2 },
        ],
        (c) => `^${c.index}`,
      ),
    ).toBe('ab^1 cd^2');
    expect(
      joinCited([{ text: 'one', citations: [{ index: 1, at: 3 }] }, { text: 'two [[citation:2]].' }], '\n\n'),
    ).toEqual({
      text: 'one\n\ntwo.',
      citations: [
        { index: 1, at: 3 },
        { index: 2, at: 8 },
      ],
    });
    // a person's own [1] in stored text is not a marker
    expect(cleanCitations('see [1] and [citation:2]')).toEqual({
      text: 'see [1] and',
      citations: [{ index: 2, at: 11 }],
    });
    const sources: CitationSource[] = [{ index: 1, title: 'Doc "A"', kind: 'document', entityId: 'd-1' }];
    expect(
      anchorsToLinks(
        'Teal. Gone.',
        [
          { index: 1, at: 4 },
          { index: 5, at: 10 },
        ],
        sources,
      ),
    ).toBe('Teal [\\[1\\]](/documents/d-1 "Doc \\"A\\""). Gone.');
  });
});
