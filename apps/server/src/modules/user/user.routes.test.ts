import { describe, expect, it } from 'vitest';
import { sentKeysOnly } from './user.routes.js';

describe('sentKeysOnly', () => {
  it('drops defaults the schema filled in for keys the client did not send', () => {
    expect(sentKeysOnly({ disableHoverCard: false, theme: 'dark' }, { theme: 'dark' })).toEqual({
      theme: 'dark',
    });
    expect(sentKeysOnly({ tour: 'completed' }, { tour: 'completed', extra: 1 })).toEqual({
      tour: 'completed',
    });
    expect(sentKeysOnly(undefined, { a: 1 })).toBeUndefined();
    expect(sentKeysOnly({ a: 1 }, null)).toBeUndefined();
  });
});
