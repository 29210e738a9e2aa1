/**
 * The free part of the view: what the Ask AI launchpad, the minimap, the zoom controls and the
 * search box leave of the canvas element (a side panel such as the preview narrows the element
 * itself). Fit View fits the nodes into it, never closer than 100 %, and new nodes are placed in
 * its middle (useCanvasPlacement).
 */
import type { FitViewOptions } from '@xyflow/react';

/** Room kept free at the bottom for the launchpad before it is drawn (its card, margin and a gap). */
export const LAUNCHPAD_ROOM_PX = 200;

/** Margin between the fitted nodes and the edge of the free area. */
export const FIT_MARGIN_PX = 40;

/** What lies over the canvas element and covers nodes under it. */
export const OVERLAY_SELECTOR =
  '.ai-launchpad, .react-flow__minimap, .react-flow__controls, .canvas-search, [data-canvas-overlay]';

/** How much of each side of the canvas element is covered, in screen pixels. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A rectangle on screen (a DOMRect's edges). */
export interface ScreenRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const NO_INSETS: Insets = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * The room the overlays take from `area`: each overlay takes the strip of the side it hugs
 * (the side where that strip is thinnest), and a side loses the widest strip any overlay takes.
 */
export function insetsOf(area: ScreenRect, overlays: readonly ScreenRect[]): Insets {
  const insets = { ...NO_INSETS };
  for (const o of overlays) {
    const visible =
      o.right > o.left &&
      o.bottom > o.top &&
      o.right > area.left &&
      o.left < area.right &&
      o.bottom > area.top &&
      o.top < area.bottom;
    if (!visible) continue;
    const strips: [keyof Insets, number][] = [
      ['top', o.bottom - area.top],
      ['bottom', area.bottom - o.top],
      ['left', o.right - area.left],
      ['right', area.right - o.left],
    ];
    const [side, size] = strips.reduce((a, b) => (b[1] < a[1] ? b : a));
    insets[side] = Math.max(insets[side], Math.max(0, size));
  }
  return insets;
}

/**
 * The covered sides of the canvas element as drawn now. The launchpad is loaded lazily: while
 * it is shown but not drawn yet, its usual room is kept.
 */
export function measureInsets(wrapper: HTMLElement | null, launchpadShown: boolean): Insets {
  if (!wrapper) return fallbackInsets(launchpadShown);
  const overlays = [...wrapper.querySelectorAll(OVERLAY_SELECTOR)].map((el) => el.getBoundingClientRect());
  const insets = insetsOf(wrapper.getBoundingClientRect(), overlays);
  if (launchpadShown && !wrapper.querySelector('.ai-launchpad'))
    insets.bottom = Math.max(insets.bottom, LAUNCHPAD_ROOM_PX - FIT_MARGIN_PX);
  return insets;
}

/** The minimap's usual room at the bottom (200 × 150 px and its 15 px margin). */
export const MINIMAP_ROOM_PX = 165;

/** The covered sides before anything is drawn (the first fit when the canvas opens). */
export function fallbackInsets(launchpadShown: boolean): Insets {
  return {
    ...NO_INSETS,
    bottom: Math.max(MINIMAP_ROOM_PX, launchpadShown ? LAUNCHPAD_ROOM_PX - FIT_MARGIN_PX : 0),
  };
}

/** Fit View options that keep the nodes in the free area, never closer than 100 %. */
export function fitViewOptionsFor(insets: Insets): FitViewOptions {
  const px = (value: number) => `${Math.round(value + FIT_MARGIN_PX)}px` as const;
  return {
    maxZoom: 1,
    padding: {
      top: px(insets.top),
      right: px(insets.right),
      bottom: px(insets.bottom),
      left: px(insets.left),
    },
  };
}

/** After Arrange: fitted like the canvas opens, but never smaller than a card can be read at. */
export const READABLE_ZOOM = 0.6;
