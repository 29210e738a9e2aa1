import { afterEach, describe, expect, it, vi } from 'vitest';
import { motionMs, prefersReducedMotion } from '../stores/themeStore';
import { buildTheme } from './theme';

/** A matchMedia that answers `reduce` for the reduced-motion query and no for every other. */
function stubMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reduced motion', () => {
  it('turns antd motion off only when asked', () => {
    expect(buildTheme('light').token?.motion).toBe(true);
    expect(buildTheme('dark', false).token?.motion).toBe(true);
    expect(buildTheme('dark', true).token?.motion).toBe(false);
  });

  it('makes canvas glides instant when the OS asks for less motion', () => {
    stubMotion(false);
    expect(prefersReducedMotion()).toBe(false);
    expect(motionMs(400)).toBe(400);
    stubMotion(true);
    expect(prefersReducedMotion()).toBe(true);
    expect(motionMs(400)).toBe(0);
  });
});
