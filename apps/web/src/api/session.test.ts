import { describe, expect, it } from 'vitest';
import { LIMITS } from '@atelier/contract';
import { RELOAD_GUARD_KEY, SIGNED_IN_COOKIE } from '../platform/storageKeys';
import { createFakePlatform } from '../test/fakePlatform';
import { createSessionControl } from './session';

describe('session control', () => {
  it('knows a session existed from the readable cookie alone', () => {
    const platform = createFakePlatform();
    const control = createSessionControl(platform);
    expect(control.wasSignedIn()).toBe(false);
    platform.cookies.set(SIGNED_IN_COOKIE, 'u-1');
    expect(control.wasSignedIn()).toBe(true);
  });

  it('wipes every database and storage key except the reload guard', async () => {
    const platform = createFakePlatform();
    platform.local.set(RELOAD_GUARD_KEY, '123');
    platform.local.set('atelier.themeMode', '{"state":{"mode":"dark"}}');
    platform.session.set('x', 'y');
    platform.databases.add('a').add('b');
    platform.cookies.set(SIGNED_IN_COOKIE, 'u-1');
    await createSessionControl(platform).wipeLocalData();
    expect(platform.local.keys()).toEqual([RELOAD_GUARD_KEY]);
    expect(platform.local.get(RELOAD_GUARD_KEY)).toBe('123');
    expect(platform.session.keys()).toEqual([]);
    expect(platform.databases.size).toBe(0);
    expect(platform.cookies.has(SIGNED_IN_COOKIE)).toBe(false);
  });

  it('reloads at most once within the guard window (5 minutes)', () => {
    const platform = createFakePlatform();
    const control = createSessionControl(platform);
    expect(control.reloadWithGuard()).toBe(true);
    expect(platform.reloads).toBe(1);
    platform.clock.now += LIMITS.reloadGuardWindowMs - 1;
    expect(control.reloadWithGuard()).toBe(false);
    expect(platform.reloads).toBe(1);
    platform.clock.now += 1;
    expect(control.reloadWithGuard()).toBe(true);
    expect(platform.reloads).toBe(2);
  });
});
