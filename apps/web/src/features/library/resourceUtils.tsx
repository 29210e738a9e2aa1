/** Small helpers about one resource: its icon, whether it is an image, its canvas node data. */
import { FileOutlined, FileTextOutlined, GlobalOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Resource } from '@atelier/contract';
import type { CanvasEntity } from './addToCanvas';
import { stripCitationMarkers } from '../ai/citations';

/** The server describes a parsed image as "Image, W×H pixels". */
const IMAGE_PREVIEW = /^Image, \d+\s*×\s*\d+ pixels/;
const IMAGE_PREVIEW_PARTS = /^Image, (\d+)\s*×\s*(\d+) pixels$/;

/**
 * A preview for the reader's language: the server's stored "Image, W×H pixels" (the preview of an
 * image it could not describe) in the UI language, any other text as it is.
 */
export function useLocalizedPreview(): (text: string) => string {
  const { t } = useTranslation();
  return (text) => localizedPreview(text, t);
}

/** `useLocalizedPreview` with the caller's `t` (canvas nodes share one, see nodes/nodeText.ts). */
export function localizedPreview(text: string, t: TFunction): string {
  const match = IMAGE_PREVIEW_PARTS.exec(text.trim());
  return match ? t('library.list.imagePreview', { width: match[1], height: match[2] }) : text;
}

export const isImage = (r: Pick<Resource, 'data' | 'contentPreview' | 'resourceType'>) =>
  r.resourceType === 'file' &&
  ((r.data?.contentType ?? '').startsWith('image/') || IMAGE_PREVIEW.test(r.contentPreview ?? ''));

/** A web link saved under its address shows the page's own title once it is parsed. */
export function displayTitle(r: Pick<Resource, 'title' | 'resourceType' | 'data'>): string {
  if (r.resourceType === 'weblink' && r.data?.title && (!r.title || r.title === r.data.url))
    return r.data.title;
  return r.title;
}

export function ResourceIcon({
  resource,
}: {
  resource: Pick<Resource, 'resourceType' | 'data' | 'contentPreview'>;
}) {
  if (resource.resourceType === 'weblink') return <GlobalOutlined />;
  if (resource.resourceType === 'text') return <FileTextOutlined />;
  return isImage(resource) ? <PictureOutlined /> : <FileOutlined />;
}

export function resourceEntity(r: Resource): CanvasEntity {
  return {
    entityType: 'resource',
    entityId: r.resourceId,
    title: displayTitle(r),
    contentPreview: plainPreview(r.contentPreview),
    metadata: {
      resourceType: r.resourceType,
      ...(r.data?.url ? { url: r.data.url } : {}),
      ...(r.data?.contentType ? { contentType: r.data.contentType } : {}),
    },
  };
}

export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

export function matchesText(title: string, needle: string): boolean {
  return !needle || title.toLowerCase().includes(needle);
}

/** A one-line preview without Markdown's markers (headings, emphasis, list bullets, links) or citation markers. */
export function plainPreview(text: string | null | undefined): string {
  return stripCitationMarkers(text ?? '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(^|\s)#{1,6}\s+/g, '$1')
    .replace(/(^|\s)[-*+]\s+/g, '$1')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
