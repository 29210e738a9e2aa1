/**
 * The canvas shortcuts as the shortcut sheet lists them, and how a key combination is written
 * on this platform: ⌘ ⇧ ⌥ on a Mac, Ctrl Shift Alt elsewhere.
 */

/** A key of a combination: `mod` is ⌘ on a Mac and Ctrl elsewhere. */
export type ShortcutKey = 'mod' | 'shift' | 'alt' | 'ctrl' | (string & {});

export function isMacPlatform(nav: { platform?: string; userAgent?: string } | undefined): boolean {
  if (!nav) return false;
  return /mac|iphone|ipad|ipod/i.test(nav.platform || nav.userAgent || '');
}

const MAC: Record<string, string> = { mod: '⌘', shift: '⇧', alt: '⌥', ctrl: '⌃' };
const OTHER: Record<string, string> = { mod: 'Ctrl', shift: 'Shift', alt: 'Alt', ctrl: 'Ctrl' };
const NAMED: Record<string, string> = {
  escape: 'Esc',
  delete: 'Delete',
  backspace: 'Backspace',
  enter: 'Enter',
  space: 'Space',
  arrowup: '↑',
  arrowdown: '↓',
};

/**
 * The labels of the keys of a combination, one per key, e.g. ['Ctrl', 'Shift', 'Z'] or
 * ['⌘', '⇧', 'Z']; `words` names what is not a key (a click, a drag) in the reader's language.
 */
export function shortcutKeyLabels(
  keys: readonly ShortcutKey[],
  mac: boolean,
  words: Readonly<Record<string, string>> = {},
): string[] {
  const modifiers = mac ? MAC : OTHER;
  return keys.map((key) => {
    const lower = key.toLowerCase();
    return modifiers[lower] ?? NAMED[lower] ?? words[key] ?? (key.length === 1 ? key.toUpperCase() : key);
  });
}

/** A combination as one piece of text: "⌘⇧Z" on a Mac, "Ctrl+Shift+Z" elsewhere. */
export function formatShortcut(keys: readonly ShortcutKey[], mac: boolean): string {
  return shortcutKeyLabels(keys, mac).join(mac ? '' : '+');
}

export type ShortcutAction =
  | 'multiSelect'
  | 'boxSelect'
  | 'pan'
  | 'selectAll'
  | 'escape'
  | 'delete'
  | 'copy'
  | 'paste'
  | 'duplicate'
  | 'group'
  | 'undo'
  | 'redo'
  | 'search'
  | 'searchNext'
  | 'searchPrevious'
  | 'zoomIn'
  | 'zoomOut'
  | 'fitView'
  | 'sheet';

export interface ShortcutEntry {
  /** Key of its description under `canvas.shortcuts.actions`. */
  action: ShortcutAction;
  /** Alternative combinations (any of them works). */
  combos: ShortcutKey[][];
}

export interface ShortcutSection {
  /** Key of its heading under `canvas.shortcuts.sections`. */
  section: 'mouse' | 'selection' | 'editing' | 'view';
  entries: ShortcutEntry[];
}

/**
 * Every shortcut the canvas has (React Flow's pointer gestures as CanvasPage sets them,
 * useCanvasShortcuts, useCanvasUndo, useCanvasSelection, useCanvasSearch). `click`, `drag` and
 * `middleDrag` are words, not keys.
 */
export function canvasShortcuts(mac: boolean): ShortcutSection[] {
  return [
    {
      section: 'mouse',
      entries: [
        {
          action: 'multiSelect',
          combos: [
            ['shift', 'click'],
            ['mod', 'click'],
          ],
        },
        { action: 'boxSelect', combos: [['drag']] },
        { action: 'pan', combos: [['space', 'drag'], ['middleDrag']] },
      ],
    },
    {
      section: 'selection',
      entries: [
        { action: 'selectAll', combos: [['mod', 'a']] },
        { action: 'escape', combos: [['escape']] },
        { action: 'delete', combos: [['delete'], ['backspace']] },
      ],
    },
    {
      section: 'editing',
      entries: [
        { action: 'copy', combos: [['mod', 'c']] },
        { action: 'paste', combos: [['mod', 'v']] },
        { action: 'duplicate', combos: [['mod', 'd']] },
        { action: 'group', combos: [['mod', 'g']] },
        { action: 'undo', combos: [['mod', 'z']] },
        {
          action: 'redo',
          combos: mac
            ? [['mod', 'shift', 'z']]
            : [
                ['mod', 'shift', 'z'],
                ['ctrl', 'y'],
              ],
        },
      ],
    },
    {
      section: 'view',
      entries: [
        { action: 'search', combos: [['mod', 'f']] },
        { action: 'searchNext', combos: [['enter'], ['arrowdown']] },
        { action: 'searchPrevious', combos: [['shift', 'enter'], ['arrowup']] },
        { action: 'zoomIn', combos: [['+']] },
        { action: 'zoomOut', combos: [['-']] },
        { action: 'fitView', combos: [['shift', '1']] },
        { action: 'sheet', combos: [['?']] },
      ],
    },
  ];
}
