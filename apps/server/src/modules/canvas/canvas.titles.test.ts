// Unit tests of the copy and import title rule (canvas.titles.ts).
import { describe, expect, it } from 'vitest';
import { distinctTitle, titleStem } from './canvas.titles.js';

describe('distinctTitle', () => {
  it('names copies "(copy)", "(copy 2)"… after the first free one', () => {
    expect(distinctTitle('Plan', 'copy', ['Plan'])).toBe('Plan (copy)');
    expect(distinctTitle('Plan', 'copy', ['Plan', 'Plan (copy)'])).toBe('Plan (copy 2)');
    expect(distinctTitle('Plan (copy)', 'copy', ['Plan', 'Plan (copy)'])).toBe('Plan (copy 2)');
    expect(distinctTitle('Plan', 'copy', ['Plan (copy 2)'])).toBe('Plan (copy)');
  });

  it('keeps an import’s name while free, then numbers it from 2', () => {
    expect(distinctTitle('Plan', 'import', [])).toBe('Plan');
    expect(distinctTitle('Plan', 'import', ['Plan'])).toBe('Plan (2)');
    expect(distinctTitle('Plan (2)', 'import', ['Plan', 'Plan (2)'])).toBe('Plan (3)');
    expect(distinctTitle('2024 (1)', 'import', ['2024 (1)'])).toBe('2024 (2)');
  });

  it('stays within 512 characters and names an untitled copy "(copy)"', () => {
    const long = 'x'.repeat(512);
    const copy = distinctTitle(long, 'copy', [long]);
    expect(copy.length).toBeLessThanOrEqual(512);
    expect(copy.endsWith(' (copy)')).toBe(true);
    expect(distinctTitle('', 'copy', [''])).toBe('(copy)');
    expect(distinctTitle('(copy)', 'copy', ['', '(copy)'])).toBe('(copy 2)');
  });

  it('strips only the suffix of its own kind', () => {
    expect(titleStem('Plan (copy 3)', 'copy')).toBe('Plan');
    expect(titleStem('Plan (3)', 'copy')).toBe('Plan (3)');
    expect(titleStem('Plan (copy)', 'import')).toBe('Plan (copy)');
  });
});
