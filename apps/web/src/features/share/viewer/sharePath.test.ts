import { describe, expect, it } from 'vitest';
import { shareIdFromPath, signInHref, signInReturn } from './sharePath';

describe('share viewer paths', () => {
  it('reads the share id of /share/{id}, decoded, and nothing else', () => {
    expect(shareIdFromPath('/share/sh-abc123')).toBe('sh-abc123');
    expect(shareIdFromPath('/share/sh-abc123/')).toBe('sh-abc123');
    expect(shareIdFromPath('/share/bad%20id!')).toBe('bad id!');
    expect(shareIdFromPath('/share/%E0%A4%A')).toBe('');
    expect(shareIdFromPath('/share/a/b')).toBe('');
    expect(shareIdFromPath('/canvas/c-1')).toBe('');
  });

  it('signs in through the app and comes back to the share, never to another site', () => {
    const href = signInHref('/share/sh-abc123');
    expect(href).toBe('/?signin=%2Fshare%2Fsh-abc123');
    expect(signInReturn(href.slice(1))).toBe('/share/sh-abc123');
    expect(signInReturn('?signin=%2F%2Fevil.example%2Fx')).toBeNull();
    expect(signInReturn('?signin=%2F%5Cevil.example')).toBeNull();
    expect(signInReturn('?signin=https%3A%2F%2Fevil.example')).toBeNull();
    expect(signInReturn('?other=1')).toBeNull();
  });
});
