/**
 * Where a card or a slide reads the content of its entity (a document's Markdown, an artifact's
 * code). The cards and slides are the same components in the app and in the share viewer; only
 * this source differs: in the app the owner's own API (TanStack Query, the cache the panels
 * edit), in the viewer the share (`share.detail` of the child share, or `share.child` by entity).
 * Both answer the snapshot shape of a share (`SharedData`), so one renderer draws them.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CodeArtifact, Document, Resource, SharedData } from '@atelier/contract';
import { apiKey } from '../../../api/apiQuery';
import { api } from '../../../api/client';
import { useShareDetail } from '../../share/viewer/useShareDetail';

/** The entities whose content a card or slide shows (answers: from a share; the app has RunView). */
export type ContentKind = 'document' | 'codeArtifact' | 'resource' | 'skillResponse';

export interface ContentRef {
  kind: ContentKind;
  entityId: string;
  /** In a share: the child share that holds it, when it was published with its parent. */
  childShareId?: string | null | undefined;
  /**
   * What the canvas node knows of the entity's content (its synced preview): when it changes, an
   * edit made elsewhere (another tab, the agent, the API) reached the node, so the card reads the
   * entity again.
   */
  stamp?: string | undefined;
}

/** The content; undefined while it loads (or without a ref), null when it cannot be read. */
export type UseEntityContent = (ref: ContentRef | null) => SharedData | null | undefined;

const detailKey = (ref: ContentRef) =>
  ref.kind === 'document'
    ? apiKey('knowledge.document.detail', { query: { docId: ref.entityId } })
    : ref.kind === 'resource'
      ? apiKey('knowledge.resource.detail', { query: { resourceId: ref.entityId } })
      : apiKey('codeArtifact.detail', { query: { artifactId: ref.entityId } });

function ownerDetail(ref: ContentRef, signal: AbortSignal): Promise<Document | CodeArtifact | Resource> {
  if (ref.kind === 'document')
    return api.call('knowledge.document.detail', { query: { docId: ref.entityId } }, { signal });
  if (ref.kind === 'resource')
    return api.call('knowledge.resource.detail', { query: { resourceId: ref.entityId } }, { signal });
  return api.call('codeArtifact.detail', { query: { artifactId: ref.entityId } }, { signal });
}

function asSnapshot(row: Document | CodeArtifact | Resource): SharedData {
  if ('docId' in row) return { kind: 'document', title: row.title, content: row.content ?? '' };
  if ('resourceId' in row)
    return {
      kind: 'resource',
      title: row.title,
      resourceType: row.resourceType,
      url: row.data?.url ?? null,
      fileUrl: row.downloadURL ?? null,
      contentType: row.data?.contentType ?? null,
      content: row.content ?? '',
    };
  return {
    kind: 'codeArtifact',
    title: row.title,
    type: row.type,
    language: row.language ?? null,
    content: row.content ?? '',
    previewUrl: row.previewUrl ?? null,
  };
}

/** In the app: the owner's entity (the same cache entry as its panel, so edits show at once). */
export const useOwnerContent: UseEntityContent = (ref) => {
  const owned = ref && ref.kind !== 'skillResponse' ? ref : null;
  const query = useQuery<Document | CodeArtifact | Resource, Error, SharedData>({
    queryKey: owned ? detailKey(owned) : ['card-content-none'],
    enabled: Boolean(owned?.entityId),
    queryFn: ({ signal }) => ownerDetail(owned!, signal),
    select: asSnapshot,
    retry: false,
  });
  const stamp = owned?.stamp;
  const seen = useRef(stamp);
  const { refetch } = query;
  useEffect(() => {
    if (seen.current === stamp) return;
    seen.current = stamp;
    if (owned?.entityId) void refetch();
  }, [stamp, owned?.entityId, refetch]);
  return query.isError ? null : query.data;
};

/** In the share viewer: the entity's child share of the canvas or page share `shareId`. */
export function shareContent(shareId: string): UseEntityContent {
  return function useShareContent(ref) {
    const detail = useShareDetail(ref?.childShareId ?? shareId, {
      enabled: Boolean(ref?.entityId),
      entityId: ref && !ref.childShareId ? ref.entityId : undefined,
    });
    if (!ref) return undefined;
    return detail.error ? null : detail.data?.data;
  };
}

export const CardContentContext = createContext<UseEntityContent>(useOwnerContent);

/** True in the app (the owner's own entities), false in the share viewer. */
export function useOwnContent(): boolean {
  return useContext(CardContentContext) === useOwnerContent;
}

/** The content of `ref` from wherever this card or slide is drawn (see UseEntityContent). */
export function useEntityContent(ref: ContentRef | null): SharedData | null | undefined {
  const useContent = useContext(CardContentContext);
  return useContent(ref);
}
