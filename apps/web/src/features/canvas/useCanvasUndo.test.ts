import { describe, expect, it } from 'vitest';
import { undoCommand } from './useCanvasUndo';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('undoCommand', () => {
  it('reads Ctrl/Cmd+Z as undo, Ctrl/Cmd+Shift+Z and Ctrl+Y as redo', () => {
    expect(undoCommand(key('z', { ctrlKey: true }))).toBe('undo');
    expect(undoCommand(key('z', { metaKey: true }))).toBe('undo');
    expect(undoCommand(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(undoCommand(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(undoCommand(key('y', { ctrlKey: true }))).toBe('redo');
  });

  it('ignores other keys and combinations', () => {
    expect(undoCommand(key('z'))).toBeNull();
    expect(undoCommand(key('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(undoCommand(key('y', { metaKey: true }))).toBeNull();
    expect(undoCommand(key('c', { ctrlKey: true }))).toBeNull();
  });
});
