/**
 * `share.detail` for the lean viewer, without TanStack Query: the open share once per page load,
 * and each child share of a canvas (opened in the side panel) once, then from memory. Failed
 * reads are not kept, so "Try again" and reopening a node ask again.
 */
import { useEffect, useState } from 'react';
import type { SharedContent } from '@atelier/contract';
import { api } from '../../../api/client';

const loaded = new Map<string, Promise<SharedContent>>();

function load(shareId: string, entityId: string | undefined, fresh: boolean): Promise<SharedContent> {
  const cacheKey = entityId ? `${shareId}/${entityId}` : shareId;
  const hit = fresh ? undefined : loaded.get(cacheKey);
  if (hit) return hit;
  const request = entityId
    ? api.call('share.child', { query: { shareId, entityId } })
    : api.call('share.detail', { query: { shareId } });
  loaded.set(cacheKey, request);
  request.catch(() => loaded.delete(cacheKey));
  return request;
}

export interface ShareDetail {
  data: SharedContent | undefined;
  error: unknown;
  retry: () => void;
}

/**
 * With `entityId`, the entity of that id on the canvas share `shareId` (`share.child`: a live share
 * publishes a node added after the link on its first open).
 */
export function useShareDetail(
  shareId: string,
  { enabled = true, fresh = false, entityId }: { enabled?: boolean; fresh?: boolean; entityId?: string } = {},
): ShareDetail {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; data?: SharedContent; error?: unknown }>({ key: '' });
  const key = `${shareId}/${entityId ?? ''}#${attempt}`;
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load(shareId, entityId, fresh || attempt > 0).then(
      (data) => live && setState({ key, data }),
      (error: unknown) => live && setState({ key, error: error ?? new Error('share.detail failed') }),
    );
    return () => {
      live = false;
    };
  }, [shareId, entityId, enabled, fresh, attempt, key]);
  const current = state.key === key ? state : { data: undefined, error: undefined };
  return { data: current.data, error: current.error, retry: () => setAttempt((n) => n + 1) };
}
