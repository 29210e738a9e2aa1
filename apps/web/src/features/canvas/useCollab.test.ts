import { describe, expect, it } from 'vitest';
import { readOnlySignal } from './useCollab';

describe('readOnlySignal', () => {
  it('reads the server’s read-only switch', () => {
    expect(readOnlySignal(JSON.stringify({ type: 'readOnly', readOnly: true }))).toBe(true);
    expect(readOnlySignal(JSON.stringify({ type: 'readOnly', readOnly: false }))).toBe(false);
  });

  it('ignores every other stateless message', () => {
    expect(
      readOnlySignal(JSON.stringify({ type: 'error', errCode: 'E2004', message: 'too long' })),
    ).toBeNull();
    expect(readOnlySignal(JSON.stringify({ type: 'readOnly', readOnly: 'yes' }))).toBeNull();
    expect(readOnlySignal('not json')).toBeNull();
  });
});
