/**
 * A canvas card's picture: the canvas's minimap (drawn by useCanvasThumbnail) or, until it has
 * one, a neutral drawing of a few linked cards in the theme's fill colours.
 */
import { useState } from 'react';
import type { Canvas } from '@atelier/contract';
import { refreshQueue } from '../../api/client';

/** The stored file keeps its address when redrawn: the row's update time tells the browser it changed. */
const versioned = (url: string, updatedAt: string) =>
  `${url}${url.includes('?') ? '&' : '?'}v=${encodeURIComponent(updatedAt)}`;

export function CanvasThumbnail({ canvas, alt }: { canvas: Canvas; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [retried, setRetried] = useState<string | null>(null);
  const base = canvas.minimapUrl ? versioned(canvas.minimapUrl, canvas.updatedAt) : null;
  const src = base && retried === base ? `${base}&retry=1` : base;
  // The file is private: an image asked for just as the session's access token ran out is
  // refused. Renew the session once and ask again; after that, the placeholder.
  const onError = () => {
    if (!base) return;
    if (retried === base) return setFailed(base);
    void refreshQueue
      .refresh()
      .catch(() => false)
      .then(() => setRetried(base));
  };
  if (base && src && failed !== base)
    return (
      <span className="canvas-card__thumb">
        <img src={src} alt={alt} loading="lazy" data-testid="canvas-card-thumbnail" onError={onError} />
      </span>
    );
  return (
    <span className="canvas-card__thumb canvas-card__thumb--empty" data-testid="canvas-card-placeholder">
      <svg viewBox="0 0 160 100" aria-hidden focusable="false">
        <path
          className="canvas-card__thumb-edge"
          d="M52 34 C 70 34, 72 62, 92 62 M52 34 C 78 34, 90 22, 108 22"
        />
        <rect className="canvas-card__thumb-node" x="14" y="22" width="38" height="24" rx="5" />
        <rect className="canvas-card__thumb-node" x="92" y="50" width="46" height="26" rx="5" />
        <rect className="canvas-card__thumb-node" x="108" y="12" width="36" height="20" rx="5" />
      </svg>
    </span>
  );
}
