/** Label classes and the labels on one item through the typed API hooks. */
import type { LabelEntityType } from '@atelier/contract';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';

export function useLabelClasses() {
  return useApiQuery('label.class.list', { query: { pageSize: 100 } });
}

export function useItemLabels(entityType: LabelEntityType, entityId: string) {
  return useApiQuery('label.instance.list', { query: { entityType, entityId, pageSize: 100 } });
}

/** Any label change refreshes the classes and every item's labels. */
export function useLabelMutations() {
  const invalidates = ['label.class.list', 'label.instance.list'] as const;
  return {
    createClass: useApiMutation('label.class.new', { invalidates }),
    updateClass: useApiMutation('label.class.update', { invalidates }),
    deleteClass: useApiMutation('label.class.delete', { invalidates }),
    addLabel: useApiMutation('label.instance.new', { invalidates }),
    removeLabel: useApiMutation('label.instance.delete', { invalidates }),
  };
}
