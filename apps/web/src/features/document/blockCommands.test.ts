// The slash menu's filter: by key, by the shown (translated) label and by keywords in both languages.
import { describe, expect, it } from 'vitest';
import { BLOCK_COMMANDS, filterCommands } from './blockCommands';

const label = (key: string) => ({ table: '表格', heading1: 'Heading 1' })[key] ?? key;

describe('filterCommands', () => {
  it('lists every command for an empty query', () => {
    expect(filterCommands('', label)).toHaveLength(BLOCK_COMMANDS.length);
  });

  it('matches keys, labels and keywords, case-insensitively', () => {
    expect(filterCommands('tab', label).map((c) => c.key)).toEqual(['table']);
    expect(filterCommands('表格', label).map((c) => c.key)).toEqual(['table']);
    expect(filterCommands('TODO', label).map((c) => c.key)).toEqual(['taskList']);
    expect(filterCommands('h2', label).map((c) => c.key)).toEqual(['heading2']);
    expect(filterCommands('zzz', label)).toEqual([]);
  });
});
