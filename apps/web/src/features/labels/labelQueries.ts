/** Label classes and the labels on one item through TanStack Query. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabelEntityType } from '@atelier/contract';
import { api } from '../../api/client';

export const labelKeys = {
  classes: ['labels', 'classes'] as const,
  item: (entityType: LabelEntityType, entityId: string) => ['labels', 'item', entityType, entityId] as const,
};

export function useLabelClasses() {
  return useQuery({
    queryKey: labelKeys.classes,
    queryFn: ({ signal }) => api.call('label.class.list', { query: { pageSize: 100 } }, { signal }),
  });
}

export function useItemLabels(entityType: LabelEntityType, entityId: string) {
  return useQuery({
    queryKey: labelKeys.item(entityType, entityId),
    queryFn: ({ signal }) =>
      api.call('label.instance.list', { query: { entityType, entityId, pageSize: 100 } }, { signal }),
  });
}

export function useLabelMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['labels'] });
  return {
    createClass: useMutation({
      mutationFn: (body: { name: string; displayName: string; prompt: string; labels: string[] }) =>
        api.call('label.class.new', { body }),
      onSuccess: refresh,
    }),
    updateClass: useMutation({
      mutationFn: (body: {
        labelClassId: string;
        name: string;
        displayName: string;
        prompt: string;
        labels: string[];
      }) => api.call('label.class.update', { body }),
      onSuccess: refresh,
    }),
    deleteClass: useMutation({
      mutationFn: (labelClassId: string) => api.call('label.class.delete', { body: { labelClassId } }),
      onSuccess: refresh,
    }),
    addLabel: useMutation({
      mutationFn: (body: {
        labelClassId: string;
        value: string;
        entityType: LabelEntityType;
        entityId: string;
      }) => api.call('label.instance.new', { body }),
      onSuccess: refresh,
    }),
    removeLabel: useMutation({
      mutationFn: (labelId: string) => api.call('label.instance.delete', { body: { labelId } }),
      onSuccess: refresh,
    }),
  };
}
