import { describe, expect, it } from 'vitest';
import { fallbackInsets, fitViewOptionsFor, insetsOf } from './canvasFit';
import { freeViewOf, inside } from './useCanvasPlacement';

// the canvas element at 1440 × 900 less the header: 1440 × 840 from (0, 60)
const area = { left: 0, top: 60, right: 1440, bottom: 900 };

describe('the free part of the view', () => {
  it('takes from each side the strip its overlays cover: launchpad and minimap below, controls left', () => {
    const launchpad = { left: 400, top: 900 - 20 - 130, right: 1120, bottom: 880 };
    const minimap = { left: 1440 - 215, top: 900 - 165, right: 1425, bottom: 885 };
    const controls = { left: 15, top: 900 - 120, right: 41, bottom: 885 };
    const search = { left: 1440 - 392, top: 72, right: 1428, bottom: 112 };
    const hidden = { left: 0, top: 0, right: 0, bottom: 0 };
    expect(insetsOf(area, [launchpad, minimap, controls, search, hidden])).toEqual({
      top: 52,
      right: 0,
      bottom: 165,
      left: 41,
    });
    // a taller launchpad (context chips, a long question) takes more
    const tall = { ...launchpad, top: 900 - 20 - 240 };
    expect(insetsOf(area, [tall, minimap]).bottom).toBe(260);
    expect(insetsOf(area, [])).toEqual({ top: 0, right: 0, bottom: 0, left: 0 });
  });

  it('fits with those strips as padding, never closer than 100 %', () => {
    expect(fitViewOptionsFor({ top: 0, right: 0, bottom: 165, left: 41 })).toEqual({
      maxZoom: 1,
      padding: { top: '40px', right: '40px', bottom: '205px', left: '81px' },
    });
    // before anything is drawn: the launchpad's usual room, or the minimap's
    expect(fallbackInsets(true).bottom).toBe(165);
    expect(fallbackInsets(false).bottom).toBe(165);
  });

  it('turns the free part into canvas coordinates, with the covered strips as taken boxes', () => {
    const view = freeViewOf({ x: 100, y: 50, zoom: 0.5 }, 1440, 840, {
      top: 0,
      right: 0,
      bottom: 200,
      left: 40,
    });
    expect(view.free).toEqual({ x: -120, y: -100, width: 2800, height: 1280 });
    expect(view.overlays).toEqual([
      { x: -200, y: 1180, width: 2880, height: 400 },
      { x: -200, y: -100, width: 80, height: 1680 },
    ]);
    expect(inside({ x: 0, y: 0, width: 240, height: 140 }, view.free)).toBe(true);
    expect(inside({ x: 0, y: 1100, width: 240, height: 140 }, view.free)).toBe(false);
  });
});
