import { describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../lib/clock.js';
import { signAccessToken, tokenKeys, verifyAccessToken } from './auth.tokens.js';

describe('access tokens', () => {
  it('are told apart when one sign-in gets two in the same instant, and both verify', async () => {
    // a clock that stands still: the two tokens have the same subject, sign-in, iat and exp
    const at = Date.parse('2026-11-28T12:00:00Z');
    const clock: Clock = { now: () => at, date: () => new Date(at), timeout: systemClock.timeout };
    const keys = tokenKeys('unit-test-secret-0123456789abcdef', 60_000, 3_600_000, false, clock);
    const first = await signAccessToken(keys, 'u-1', 'f-1');
    const second = await signAccessToken(keys, 'u-1', 'f-1');
    expect(second).not.toBe(first);
    const ids = [first, second].map(
      (t) => (JSON.parse(Buffer.from(t.split('.')[1] ?? '', 'base64url').toString()) as { jti?: string }).jti,
    );
    expect(ids[0]).toMatch(/^[a-z2-7]{16}$/);
    expect(ids[1]).not.toBe(ids[0]);
    expect(await verifyAccessToken(keys, first)).toEqual({ uid: 'u-1', sid: 'f-1' });
    expect(await verifyAccessToken(keys, second)).toEqual({ uid: 'u-1', sid: 'f-1' });
  });
});
