/**
 * How the canvas fits its nodes into view: never closer than 100 %, and with room at the bottom
 * for the Ask AI launchpad when it is shown, so no node is fitted under it.
 */
import type { FitViewOptions } from '@xyflow/react';

/** Height kept free at the bottom for the launchpad (its card plus its 20 px margin and a gap). */
export const LAUNCHPAD_ROOM_PX = 200;

export function fitViewOptionsFor(launchpadShown: boolean): FitViewOptions {
  return {
    maxZoom: 1,
    padding: {
      top: '40px',
      left: '40px',
      right: '40px',
      bottom: `${launchpadShown ? LAUNCHPAD_ROOM_PX : 40}px`,
    },
  };
}

/** After Arrange: fitted like the canvas opens, but never smaller than a card can be read at. */
export const READABLE_ZOOM = 0.6;
