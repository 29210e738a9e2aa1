import { describe, expect, it } from 'vitest';
import { isFailure, parseMessage } from './protocol';

const ROUTES = new Set(['user.settings.get', 'canvas.list']);

describe('parseMessage', () => {
  it('accepts the documented messages', () => {
    expect(parseMessage({ type: 'atelier.clip', tabId: 3, mode: 'page' }, ROUTES)).toEqual({
      type: 'atelier.clip',
      tabId: 3,
      mode: 'page',
    });
    expect(
      parseMessage({ type: 'atelier.clip', tabId: 3, mode: 'link', title: 'T', url: 'https://x.y' }, ROUTES),
    ).not.toBeNull();
    expect(
      parseMessage({ type: 'atelier.clip', tabId: 3, mode: 'selection', canvasId: 'c1' }, ROUTES),
    ).not.toBeNull();
    expect(parseMessage({ type: 'atelier.status' }, ROUTES)).toEqual({ type: 'atelier.status' });
    expect(parseMessage({ type: 'atelier.check', address: 'localhost' }, ROUTES)).not.toBeNull();
    expect(
      parseMessage({ type: 'atelier.api', id: 'canvas.list', input: { query: {} } }, ROUTES),
    ).not.toBeNull();
  });

  it('refuses malformed ones', () => {
    for (const bad of [
      null,
      'atelier.clip',
      { type: 'atelier.clip', tabId: '3', mode: 'page' },
      { type: 'atelier.clip', tabId: 3, mode: 'pdf' },
      { type: 'atelier.clip', tabId: -1, mode: 'page' },
      { type: 'atelier.clip', tabId: 3, mode: 'page', title: 5 },
      { type: 'atelier.clip', tabId: 3, mode: 'page', canvasId: 7 },
      { type: 'atelier.check' },
      { type: 'atelier.api', id: 'user.delete' },
      { type: 'atelier.api', id: 'canvas.list', input: [] },
      { type: 'other' },
    ]) {
      expect(parseMessage(bad, ROUTES), JSON.stringify(bad)).toBeNull();
    }
  });

  it('tells failures from answers', () => {
    expect(isFailure({ error: 'E2001' })).toBe(true);
    expect(isFailure({ resourceId: 'r' })).toBe(false);
  });
});
