/**
 * The canvas toggles of spec section 2, persisted per user in `preferences.canvas` (and the
 * operation mode in `preferences.operationMode`). Read-only is not here: it is the canvas's own
 * server flag. Other features (the AI launchpad) read these through `useCanvasPreferences()`.
 */
import { useCallback, useMemo } from 'react';
import type { UserPreferences } from '@atelier/contract';
import { useUpdateUserSettings, useUserSettings } from '../settings/useUserSettings';

export type NodeSizeMode = 'compact' | 'adaptive';
export type PointerMode = 'select' | 'hand';
export type OperationMode = 'mouse' | 'touchpad';

export interface CanvasPreferences {
  clickPreview: boolean;
  edgesShown: boolean;
  launchpadShown: boolean;
  autoLayout: boolean;
  hoverGuide: boolean;
  sizeMode: NodeSizeMode;
  pointerMode: PointerMode;
  operationMode: OperationMode;
}

export const DEFAULT_CANVAS_PREFERENCES: CanvasPreferences = {
  clickPreview: true,
  edgesShown: true,
  launchpadShown: true,
  autoLayout: false,
  hoverGuide: true,
  sizeMode: 'adaptive',
  pointerMode: 'select',
  operationMode: 'mouse',
};

type Stored = NonNullable<UserPreferences['canvas']>;

/** Reads the stored toggles, falling back to the defaults for anything missing or malformed. */
export function readCanvasPreferences(preferences: UserPreferences | undefined): CanvasPreferences {
  const stored: Stored = preferences?.canvas ?? {};
  const bool = (key: keyof CanvasPreferences, fallback: boolean) =>
    typeof stored[key] === 'boolean' ? stored[key] : fallback;
  const d = DEFAULT_CANVAS_PREFERENCES;
  return {
    clickPreview: bool('clickPreview', d.clickPreview),
    edgesShown: bool('edgesShown', d.edgesShown),
    launchpadShown: bool('launchpadShown', d.launchpadShown),
    autoLayout: bool('autoLayout', d.autoLayout),
    // the spec's disableHoverCard preference also turns the hover guide off
    hoverGuide: bool('hoverGuide', d.hoverGuide) && preferences?.disableHoverCard !== true,
    sizeMode: stored.sizeMode === 'compact' ? 'compact' : 'adaptive',
    pointerMode: stored.pointerMode === 'hand' ? 'hand' : 'select',
    operationMode: preferences?.operationMode === 'touchpad' ? 'touchpad' : 'mouse',
  };
}

/** The next `preferences` object after setting one toggle (the whole object is sent). */
export function withCanvasPreference<K extends keyof CanvasPreferences>(
  preferences: UserPreferences,
  key: K,
  value: CanvasPreferences[K],
): UserPreferences {
  if (key === 'operationMode') return { ...preferences, operationMode: value as OperationMode };
  const next: UserPreferences = { ...preferences, canvas: { ...preferences.canvas, [key]: value } };
  if (key === 'hoverGuide' && value === true) next.disableHoverCard = false;
  return next;
}

export function useCanvasPreferences(): {
  preferences: CanvasPreferences;
  setPreference: <K extends keyof CanvasPreferences>(key: K, value: CanvasPreferences[K]) => void;
} {
  const { data } = useUserSettings();
  const update = useUpdateUserSettings();
  const stored = data?.preferences;
  const preferences = useMemo(() => readCanvasPreferences(stored), [stored]);
  const { mutate } = update;
  const setPreference = useCallback(
    <K extends keyof CanvasPreferences>(key: K, value: CanvasPreferences[K]) => {
      // the whole object: other preferences must survive a server that replaces it
      mutate({ preferences: withCanvasPreference(stored ?? { disableHoverCard: false }, key, value) });
    },
    [mutate, stored],
  );
  return { preferences, setPreference };
}
