/** Pages through the typed API hooks: list, detail, and the changes that refresh them. */
import type { PageNodeType } from '@atelier/contract';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';

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
