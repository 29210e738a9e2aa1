import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './auth.oauth-routes.js';

describe('safeRedirectPath', () => {
  it('keeps paths of this site only', () => {
    expect(safeRedirectPath('/canvas/c-1?x=1#y')).toBe('/canvas/c-1?x=1#y');
    expect(safeRedirectPath('/')).toBe('/');
    for (const bad of [
      undefined,
      '',
      'canvas',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/a b',
      '/\u0000x',
    ]) {
      expect(safeRedirectPath(bad)).toBeNull();
    }
  });
});
