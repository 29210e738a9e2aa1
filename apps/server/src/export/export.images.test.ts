// Unit tests of export images: which sources are ours, and image kinds and sizes from their bytes.
import { describe, expect, it } from 'vitest';
import { probeImage, storageKeyOf } from './export.images.js';

describe('storageKeyOf', () => {
  it('finds our static file keys on any host or relative, and nothing else', () => {
    expect(storageKeyOf('/v1/misc/static/f-abc.png', 'http://localhost:5800')).toBe('f-abc.png');
    expect(storageKeyOf('https://atelier.example/v1/misc/static/f-%E5%9B%BE.png', 'http://x')).toBe(
      'f-图.png',
    );
    expect(storageKeyOf('https://example.com/cat.png', 'http://x')).toBeNull();
    expect(storageKeyOf('file:///v1/misc/static/f-a.png', 'http://x')).toBeNull();
    expect(storageKeyOf('/v1/misc/static/a/b.png', 'http://x')).toBeNull();
  });
});

describe('probeImage', () => {
  it('reads PNG, GIF and JPEG sizes and refuses other bytes', () => {
    const png = Buffer.alloc(33);
    png.writeUInt32BE(0x89504e47, 0);
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(probeImage(png)).toEqual({ type: 'png', width: 640, height: 480 });
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([10, 0, 20, 0, 0, 0])]);
    expect(probeImage(gif)).toEqual({ type: 'gif', width: 10, height: 20 });
    // SOI, an APP0 segment of length 4, then SOF0 with height 30 and width 40.
    const jpeg = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 30, 0, 40, 3, 0, 0, 0,
    ]);
    expect(probeImage(jpeg)).toEqual({ type: 'jpg', width: 40, height: 30 });
    expect(probeImage(Buffer.from('<svg/>'))).toBeNull();
  });
});
