import { describe, expect, it } from 'vitest';
import { cardExcerpt, withoutLeadingTitle } from './cardExcerpt';

describe('cardExcerpt', () => {
  it('keeps short text and cuts long text at a line end', () => {
    expect(cardExcerpt('# Title\n\nBody')).toBe('# Title\n\nBody');
    const long = `# Title\n\n${'word '.repeat(30)}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`;
    const cut = cardExcerpt(long, 170);
    expect(cut.endsWith('\n')).toBe(false);
    expect(long.startsWith(cut)).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(170);
  });
  it('closes a code fence the cut leaves open', () => {
    const text = `Intro\n\n\`\`\`js\n${'const a = 1;\n'.repeat(20)}\`\`\`\n`;
    expect(cardExcerpt(text, 80)).toMatch(/\n```$/);
  });
});

describe('withoutLeadingTitle', () => {
  it('drops a first heading equal to the title only', () => {
    expect(withoutLeadingTitle('# Plan\n\nBody', 'Plan')).toBe('\nBody');
    expect(withoutLeadingTitle('\n## Plan ##\nBody', 'Plan')).toBe('Body');
    expect(withoutLeadingTitle('# Other\n\nBody', 'Plan')).toBe('# Other\n\nBody');
    expect(withoutLeadingTitle('Plan\n\nBody', 'Plan')).toBe('Plan\n\nBody');
  });
});
