import { describe, expect, it } from 'vitest';
import {
  contentDisposition,
  isInlineType,
  keyExtension,
  normaliseContentType,
  servedContentType,
} from './upload.types.js';

describe('upload content types', () => {
  it('keeps a well-formed declared type, without parameters, lower-cased', () => {
    expect(normaliseContentType('Image/PNG', 'x.bin')).toBe('image/png');
    expect(normaliseContentType('text/plain; charset=utf-8', 'x')).toBe('text/plain');
  });

  it('falls back to the file name, then to octet-stream', () => {
    expect(normaliseContentType('application/octet-stream', 'Report.PDF')).toBe('application/pdf');
    expect(normaliseContentType('', 'photo.jpeg')).toBe('image/jpeg');
    expect(normaliseContentType('not a type', 'notes.md')).toBe('text/markdown');
    expect(normaliseContentType('text/html\r\nx-evil: 1', 'a')).toBe('application/octet-stream');
    expect(normaliseContentType(undefined, undefined)).toBe('application/octet-stream');
  });

  it('gives keys a readable extension from the name or the type', () => {
    expect(keyExtension('image/png', 'Cat.PNG')).toBe('png');
    expect(keyExtension('image/png', 'no-extension')).toBe('png');
    expect(keyExtension('application/x-unknown', 'blob')).toBeNull();
    expect(keyExtension('text/plain', 'weird.ext-with-dash')).toBe('txt');
  });

  it('shows images, PDFs, text, audio and video inline; HTML, SVG, XML and scripts never', () => {
    for (const t of ['image/png', 'image/jpeg', 'application/pdf', 'text/plain', 'video/mp4', 'audio/mpeg']) {
      expect(isInlineType(t), t).toBe(true);
    }
    for (const t of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/xml',
      'application/xml',
      'text/javascript',
      'application/javascript',
      'application/octet-stream',
      'application/x-unknown',
    ]) {
      expect(isInlineType(t), t).toBe(false);
    }
  });

  it('serves passive types as themselves, readable text as text/plain, the rest as octet-stream', () => {
    expect(servedContentType('image/png')).toBe('image/png');
    expect(servedContentType('video/mp4')).toBe('video/mp4');
    expect(servedContentType('text/markdown')).toBe('text/plain');
    for (const t of ['text/html', 'image/svg+xml', 'text/javascript', 'application/xml', 'video/x+xml']) {
      expect(servedContentType(t), t).toBe('application/octet-stream');
    }
  });

  it('writes a content-disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'a "b".html')).toBe(
      `attachment; filename="a _b_.html"; filename*=UTF-8''a%20%22b%22.html`,
    );
    expect(contentDisposition('inline', '报告.pdf')).toBe(
      `inline; filename="__.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`,
    );
  });
});
