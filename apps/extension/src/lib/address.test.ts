import { describe, expect, it } from 'vitest';
import { atelierIdentity, canvasUrl, normaliseAddress, resourceUrl, signInUrl } from './address';

describe('normaliseAddress', () => {
  it('keeps http(s) addresses without a trailing slash or /v1', () => {
    expect(normaliseAddress(' http://localhost:5800/ ')).toBe('http://localhost:5800');
    expect(normaliseAddress('https://atelier.example.com/v1/')).toBe('https://atelier.example.com');
    expect(normaliseAddress('https://example.com/atelier/')).toBe('https://example.com/atelier');
  });

  it('adds http:// to a bare host', () => {
    expect(normaliseAddress('127.0.0.1:5800')).toBe('http://127.0.0.1:5800');
  });

  it('refuses what is not a web address', () => {
    for (const bad of [
      '',
      '   ',
      'ftp://example.com',
      'chrome://extensions',
      'http://user:pw@example.com',
      'http://',
    ]) {
      expect(normaliseAddress(bad), bad).toBeNull();
    }
  });
});

describe('atelierIdentity', () => {
  const health = { status: 'ok', version: '0.6.0', database: 'pglite', roles: ['api'], uptimeSeconds: 3 };

  it('recognises the health answer of an Atelier server', () => {
    expect(atelierIdentity({ success: true, data: health, traceId: 't' })).toEqual({ version: '0.6.0' });
  });

  it('refuses other answers', () => {
    expect(atelierIdentity(null)).toBeNull();
    expect(atelierIdentity('<html>')).toBeNull();
    expect(atelierIdentity({ status: 'ok' })).toBeNull();
    expect(atelierIdentity({ success: false, errCode: 'E0000' })).toBeNull();
    expect(atelierIdentity({ success: true, data: { ...health, database: 'mysql' } })).toBeNull();
    expect(atelierIdentity({ success: true, data: { ...health, version: 6 } })).toBeNull();
  });
});

it('builds the sign-in and item addresses', () => {
  expect(signInUrl('http://localhost:5800')).toBe('http://localhost:5800/');
  expect(resourceUrl('http://h:1/base', 'r/1')).toBe('http://h:1/base/library/resources/r%2F1');
  expect(canvasUrl('http://h:1', 'c1')).toBe('http://h:1/canvas/c1');
});
