/**
 * Addresses of the files a share shows, as the viewer loads them. Published snapshots name the
 * share's own copies (`/share/{id}/files/{name}`, relative unless PUBLIC_URL is set); a live
 * share's canvas or document names the owner's private files (`/v1/misc/static/{key}`), which
 * only the owner may load, so the viewer asks the share for them instead
 * (`/share/{id}/live/{key}`: the server serves a file only while the live entity shows it).
 */
import type { CanvasNode } from '@atelier/contract';

/** An owner's file URL of this server, relative or absolute: group 1 is the encoded storage key. */
const OWNER_FILE = /^(?:https?:\/\/[^/]+)?\/v1\/misc\/static\/([^?#\s/]+)/i;

/** Where a viewer of live share `shareId` loads `url`: the share's route for an owner's file. */
export function liveFileUrl(shareId: string, url: string): string {
  const match = OWNER_FILE.exec(url);
  return match ? `/share/${encodeURIComponent(shareId)}/live/${match[1]!}` : url;
}

/** `url` made absolute on the page's own address (the Markdown renderer draws http(s) images only). */
export function absoluteUrl(url: string, base: string = location.href): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** Markdown images: `![alt](url "title")`; group 1 is everything before the URL, group 2 the URL. */
const MARKDOWN_IMAGE = /(!\[[^\]]*\]\(\s*<?)([^)\s>]+)/g;

/** Markdown whose images load for a viewer: owner's files through a live share, relative ones absolute. */
export function viewerMarkdown(markdown: string, shareId: string, base?: string): string {
  return markdown.replace(
    MARKDOWN_IMAGE,
    (_match, head: string, url: string) => `${head}${absoluteUrl(liveFileUrl(shareId, url), base)}`,
  );
}

/** Canvas nodes whose image URLs load for a viewer of live share `shareId`. */
export function viewerNodes(nodes: CanvasNode[], shareId: string): CanvasNode[] {
  return nodes.map((node) => {
    const metadata = node.data.metadata;
    if (node.type !== 'image' || !metadata) return node;
    const next = { ...metadata };
    let changed = false;
    for (const field of ['url', 'imageUrl'] as const) {
      const value = next[field];
      if (typeof value !== 'string') continue;
      const url = liveFileUrl(shareId, value);
      if (url !== value) {
        next[field] = url;
        changed = true;
      }
    }
    return changed ? { ...node, data: { ...node.data, metadata: next } } : node;
  });
}
