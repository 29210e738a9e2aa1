import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makeOriginCheck, originOf } from './request-guard.js';

const EXT = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

function req(origin: string | undefined, host = 'localhost:5800'): FastifyRequest {
  return { headers: { origin, host }, host } as unknown as FastifyRequest;
}

describe('originOf', () => {
  it('keeps the origin of web and extension addresses', () => {
    expect(originOf('https://app.example.com/path?x=1')).toBe('https://app.example.com');
    expect(originOf(`${EXT}/`)).toBe(EXT);
    expect(originOf(EXT)).toBe(EXT);
    expect(originOf('moz-extension://1234-abcd')).toBe('moz-extension://1234-abcd');
  });

  it('refuses opaque and malformed origins', () => {
    expect(originOf('null')).toBeNull();
    expect(originOf('data:text/html,hi')).toBeNull();
    expect(originOf('chrome-extension:')).toBeNull();
  });
});

describe('makeOriginCheck with an extension origin', () => {
  const check = makeOriginCheck({
    publicUrl: 'http://localhost:5800',
    CORS_ORIGINS: [EXT],
    allowLoopbackOrigins: true,
  });

  it('accepts the extension listed in CORS_ORIGINS', () => {
    expect(check(req(EXT))).toBeNull();
  });

  it('refuses another extension, even on a development server that allows loopback origins', () => {
    expect(check(req('chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba'))).toMatch(/origin/);
    expect(check(req('chrome-extension://localhost', 'localhost'))).toMatch(/origin/);
  });
});
