/** Pages through the typed API hooks: list, detail, and the changes that refresh them. */
import type { PageNodeType } from '@atelier/contract';
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';
import { formDataOf } from '../../api/formData';

/**
 * Uploads a page cover as a private file of its owner: the editor and page list show it through
 * the owner's session; publishing copies it into the share, where visitors load it.
 */
export async function uploadPageCover(file: File): Promise<{ storageKey: string; url: string }> {
  return api.call('misc.upload', { body: formDataOf({ entityType: 'page', visibility: 'private', file }) });
}

/** Canvas node types a page may show as slides (spec section 2). */
export const SLIDE_TYPES: readonly PageNodeType[] = [
  'document',
  'resource',
  'skillResponse',
  'memo',
  'website',
  'codeArtifact',
];

export const isSlideType = (type: string): type is PageNodeType =>
  (SLIDE_TYPES as readonly string[]).includes(type);

export function usePageList() {
  return useApiQuery('pages.list', { query: { pageSize: 100 } });
}

export function usePageDetail(pageId: string) {
  return useApiQuery('pages.detail', { params: { pageId } }, { retry: false });
}

export function usePageMutations() {
  const invalidates = ['pages.list', 'pages.detail'] as const;
  return {
    addNodes: useApiMutation('pages.addNodes', { invalidates }),
    update: useApiMutation('pages.update', { invalidates }),
    remove: useApiMutation('pages.delete', { invalidates }),
    removeNode: useApiMutation('pages.deleteNode', { invalidates }),
    publish: useApiMutation('pages.share', { invalidates: [...invalidates, 'share.list'] }),
    unpublish: useApiMutation('pages.unpublish', { invalidates: [...invalidates, 'share.list'] }),
  };
}
