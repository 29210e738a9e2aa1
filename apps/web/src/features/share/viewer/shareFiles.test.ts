import { describe, expect, it } from 'vitest';
import type { CanvasNode } from '@atelier/contract';
import { absoluteUrl, liveFileUrl, viewerMarkdown, viewerNodes } from './shareFiles';

const SHARE = 'sh-abc';

describe('share file URLs in the viewer', () => {
  it("sends an owner's file (relative or on any host) through the live share; leaves others alone", () => {
    expect(liveFileUrl(SHARE, '/v1/misc/static/file-1.png')).toBe('/share/sh-abc/live/file-1.png');
    expect(liveFileUrl(SHARE, 'http://localhost:5800/v1/misc/static/file-1.png?x=1')).toBe(
      '/share/sh-abc/live/file-1.png',
    );
    expect(liveFileUrl(SHARE, '/share/sh-abc/files/img-0')).toBe('/share/sh-abc/files/img-0');
    expect(liveFileUrl(SHARE, 'https://example.com/v2/pic.png')).toBe('https://example.com/v2/pic.png');
  });

  it('makes a relative URL absolute on the address the page was reached at', () => {
    expect(absoluteUrl('/share/sh-abc/files/img-0', 'http://192.168.1.5:5800/share/sh-abc')).toBe(
      'http://192.168.1.5:5800/share/sh-abc/files/img-0',
    );
    expect(absoluteUrl('https://example.com/a.png', 'http://127.0.0.1/')).toBe('https://example.com/a.png');
  });

  it("rewrites a document's images only, keeping alt text and titles", () => {
    const markdown =
      '![bird](/v1/misc/static/file-2.png "A bird")\n\n[a link](/v1/misc/static/file-3.pdf)\n\n![copy](/share/sh-abc/files/img-0)';
    expect(viewerMarkdown(markdown, SHARE, 'http://127.0.0.1:4000/share/sh-abc')).toBe(
      '![bird](http://127.0.0.1:4000/share/sh-abc/live/file-2.png "A bird")\n\n' +
        '[a link](/v1/misc/static/file-3.pdf)\n\n' +
        '![copy](http://127.0.0.1:4000/share/sh-abc/files/img-0)',
    );
  });

  it("rewrites a live canvas's image nodes, and nothing else", () => {
    const image = {
      id: 'i',
      type: 'image',
      position: { x: 0, y: 0 },
      data: { title: 'pic', metadata: { url: '/v1/misc/static/file-4.png' } },
    } as unknown as CanvasNode;
    const memo = {
      id: 'm',
      type: 'memo',
      position: { x: 0, y: 0 },
      data: { title: 'memo', metadata: { url: '/v1/misc/static/file-5.png' } },
    } as unknown as CanvasNode;
    const [a, b] = viewerNodes([image, memo], SHARE);
    expect(a!.data.metadata?.url).toBe('/share/sh-abc/live/file-4.png');
    expect(b).toBe(memo);
  });
});
