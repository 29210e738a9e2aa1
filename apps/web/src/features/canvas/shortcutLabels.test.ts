import { describe, expect, it } from 'vitest';
import { canvasShortcuts, formatShortcut, isMacPlatform, shortcutKeyLabels } from './shortcutLabels';

describe('shortcut labels', () => {
  it('writes the modifier of the platform', () => {
    expect(formatShortcut(['mod', 'shift', 'z'], true)).toBe('⌘⇧Z');
    expect(formatShortcut(['mod', 'shift', 'z'], false)).toBe('Ctrl+Shift+Z');
    expect(formatShortcut(['mod', 'f'], true)).toBe('⌘F');
    expect(formatShortcut(['mod', 'f'], false)).toBe('Ctrl+F');
    expect(formatShortcut(['alt', 'ctrl', 'y'], false)).toBe('Alt+Ctrl+Y');
    expect(formatShortcut(['ctrl', 'y'], true)).toBe('⌃Y');
  });

  it('names keys and gestures', () => {
    expect(shortcutKeyLabels(['escape'], false)).toEqual(['Esc']);
    expect(shortcutKeyLabels(['shift', 'enter'], true)).toEqual(['⇧', 'Enter']);
    expect(shortcutKeyLabels(['?'], false)).toEqual(['?']);
    expect(shortcutKeyLabels(['shift', 'click'], false, { click: '单击' })).toEqual(['Shift', '单击']);
  });

  it('tells a Mac from other platforms', () => {
    expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isMacPlatform({ platform: 'iPad' })).toBe(true);
    expect(isMacPlatform({ platform: 'Win32' })).toBe(false);
    expect(isMacPlatform({ platform: 'Linux x86_64' })).toBe(false);
    expect(isMacPlatform({ platform: '', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)' })).toBe(
      true,
    );
    expect(isMacPlatform(undefined)).toBe(false);
  });

  it('lists Ctrl+Y for redo only where it works (not on a Mac)', () => {
    const redo = (mac: boolean) =>
      canvasShortcuts(mac)
        .flatMap((s) => s.entries)
        .find((e) => e.action === 'redo')
        ?.combos.map((c) => formatShortcut(c, mac));
    expect(redo(false)).toEqual(['Ctrl+Shift+Z', 'Ctrl+Y']);
    expect(redo(true)).toEqual(['⌘⇧Z']);
  });

  it('lists each action once', () => {
    const actions = canvasShortcuts(false).flatMap((s) => s.entries.map((e) => e.action));
    expect(new Set(actions).size).toBe(actions.length);
    expect(actions).toEqual(
      expect.arrayContaining([
        'copy',
        'paste',
        'duplicate',
        'group',
        'undo',
        'redo',
        'delete',
        'search',
        'escape',
        'selectAll',
        'sheet',
      ]),
    );
  });
});
