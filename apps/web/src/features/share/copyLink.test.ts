import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyKeys, copyLink } from './copyLink';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('copyLink', () => {
  it('uses the Clipboard API in a secure context', async () => {
    const writeText = vi.fn(async () => {});
    await expect(
      copyLink('http://x/share/a', { clipboard: { writeText }, secure: true, document }),
    ).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith('http://x/share/a');
  });

  it('falls back to execCommand on plain http (no Clipboard API)', async () => {
    let copied = '';
    const exec = vi.fn((command: string) => {
      const area = document.querySelector('textarea');
      copied = area?.value.slice(area.selectionStart, area.selectionEnd) ?? '';
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    await expect(
      copyLink('http://x/share/b', { clipboard: undefined, secure: false, document }),
    ).resolves.toBe('copied');
    expect(copied).toBe('http://x/share/b');
    // the helper's textarea is gone again
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when the Clipboard API refuses, and answers manual when nothing copies', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await expect(
      copyLink('http://x/share/c', { clipboard: { writeText }, secure: true, document }),
    ).resolves.toBe('manual');
    expect(writeText).toHaveBeenCalled();
  });

  it('names the copy keys of the platform', () => {
    expect(copyKeys('MacIntel')).toBe('⌘C');
    expect(copyKeys('Win32')).toBe('Ctrl+C');
  });
});
