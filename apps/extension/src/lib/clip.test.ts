import { describe, expect, it } from 'vitest';
import { clipDocument, clipFileName, clipTitle, isReadableUrl, tooLarge } from './clip';

describe('isReadableUrl', () => {
  it('reads web pages only', () => {
    expect(isReadableUrl('https://example.com/post')).toBe(true);
    expect(isReadableUrl('http://127.0.0.1:4000/a.html?x=1')).toBe(true);
    for (const url of [
      undefined,
      '',
      'chrome://settings',
      'chrome-extension://abc/popup.html',
      'about:blank',
      'file:///home/me/a.html',
      'view-source:https://example.com',
      'https://example.com/paper.PDF',
    ]) {
      expect(isReadableUrl(url), String(url)).toBe(false);
    }
  });
});

describe('clipTitle', () => {
  it('prefers the typed title, then the page title, then the address', () => {
    expect(clipTitle('  Mine ', 'Page', 'https://x')).toBe('Mine');
    expect(clipTitle('', 'Page\n title', 'https://x')).toBe('Page title');
    expect(clipTitle(undefined, '  ', 'https://x')).toBe('https://x');
    expect(clipTitle('a'.repeat(600), '', '').length).toBe(512);
  });
});

it('E2004 above 100k characters', () => {
  expect(tooLarge(100_000)).toBe(false);
  expect(tooLarge(100_001)).toBe(true);
});

it('wraps the clip in an HTML file with its title and escaped source address', () => {
  const html = clipDocument('A <b> & "c"', 'https://x.y/?a=1&b="2"', '<p>Body</p>');
  expect(html).toContain('<title>A &#60;b&#62; &#38; &#34;c&#34;</title>');
  expect(html).toContain('<link rel="canonical" href="https://x.y/?a=1&#38;b=&#34;2&#34;">');
  expect(html).toContain('<p>Body</p>');
});

it('names the file after the title', () => {
  expect(clipFileName('Hello, World! 2026')).toBe('Hello-World-2026.html');
  expect(clipFileName('网页 剪藏')).toBe('网页-剪藏.html');
  expect(clipFileName('***')).toBe('clip.html');
});
