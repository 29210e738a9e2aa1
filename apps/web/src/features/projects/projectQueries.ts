/** Projects through TanStack Query: list, detail, create/update/delete and their items. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectItem } from '@atelier/contract';
import { api } from '../../api/client';

export const projectKeys = {
  all: ['projects'] as const,
  list: ['projects', 'list'] as const,
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
};

/** The cap the server enforces by default (PROJECT_COVER_MAX_BYTES); it answers an error above its own. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

export function useProjectList() {
  return useQuery({
    queryKey: projectKeys.list,
    queryFn: ({ signal }) => api.call('project.list', { query: { pageSize: 100 } }, { signal }),
  });
}

export function useProjectDetail(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ signal }) => api.call('project.detail', { query: { projectId } }, { signal }),
    retry: false,
  });
}

export interface ProjectFields {
  name: string;
  description?: string;
  customInstructions?: string;
  coverStorageKey?: string | null;
}

export function useProjectMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: projectKeys.all });
  return {
    create: useMutation({
      mutationFn: (body: ProjectFields) =>
        api.call('project.new', {
          body: {
            name: body.name,
            description: body.description,
            customInstructions: body.customInstructions,
            coverStorageKey: body.coverStorageKey ?? undefined,
          },
        }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: ProjectFields & { projectId: string }) => api.call('project.update', { body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (projectId: string) => api.call('project.delete', { body: { projectId } }),
      onSuccess: refresh,
    }),
    updateItems: useMutation({
      mutationFn: (body: { projectId: string; operation: 'add' | 'remove'; items: ProjectItem[] }) =>
        api.call('project.updateItems', { body }),
      onSuccess: refresh,
    }),
    deleteItems: useMutation({
      mutationFn: (body: { projectId: string; items: ProjectItem[] }) =>
        api.call('project.deleteItems', { body }),
      onSuccess: refresh,
    }),
  };
}

export async function uploadCover(file: File): Promise<{ storageKey: string; url: string }> {
  const form = new FormData();
  form.append('entityType', 'project');
  form.append('visibility', 'public');
  form.append('file', file);
  return api.call('misc.upload', { body: form });
}
