/**
 * Who this person is to their collaborators: the name and colour published in a collaborative
 * document's awareness. The document editor's carets and the canvas cursors and selection
 * outlines use the same name and the same colour, so a collaborator looks alike everywhere.
 *
 * Colours are antd preset palette variables (written on <html> by the theme), so they follow
 * light and dark. Peers' colours arrive from other clients: only the palette's own values are
 * ever put into styles (`safeCollabColor`).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSettings } from '../settings/useUserSettings';

export interface CollabUser {
  name: string;
  color: string;
}

export const COLLAB_COLORS = [
  'var(--ant-volcano-6)',
  'var(--ant-blue-6)',
  'var(--ant-green-6)',
  'var(--ant-purple-6)',
  'var(--ant-gold-6)',
  'var(--ant-cyan-6)',
  'var(--ant-magenta-6)',
  'var(--ant-lime-7)',
] as const;

const FALLBACK_COLOR = COLLAB_COLORS[1];

/** A stable colour per user id, so a collaborator keeps the same colour everywhere. */
export function collabColor(seed: string): string {
  let hash = 0;
  for (let i = 0; i < seed.length; i += 1) hash = (hash * 31 + seed.charCodeAt(i)) | 0;
  return COLLAB_COLORS[Math.abs(hash) % COLLAB_COLORS.length] ?? FALLBACK_COLOR;
}

/** A colour a peer sent, if it is one of the palette's; otherwise the palette's default. */
export function safeCollabColor(value: unknown): string {
  return typeof value === 'string' && (COLLAB_COLORS as readonly string[]).includes(value)
    ? value
    : FALLBACK_COLOR;
}

/** A colour with some transparency (selection backgrounds), from any palette value. */
export function collabTint(color: string, percent: number): string {
  return `color-mix(in srgb, ${safeCollabColor(color)} ${percent}%, transparent)`;
}

/**
 * The name others see: the nickname or the display name, else `fallback` (a neutral word). Never
 * anything derived from the email address: anonymous viewers of a live share see it too.
 */
export function collabDisplayName(
  settings: { nickname?: string | null; name?: string | null } | undefined,
  fallback: string,
): string {
  return settings?.nickname?.trim() || settings?.name?.trim() || fallback;
}

/** The signed-in user as collaborators (and live-share viewers) see them. */
export function useCollabUser(): CollabUser {
  const { t } = useTranslation();
  const settings = useUserSettings().data;
  return useMemo(() => {
    const name = collabDisplayName(settings, t('document.collaborator'));
    return { name, color: collabColor(settings?.uid ?? name) };
  }, [settings, t]);
}
