/** Projects through the typed API hooks: list, detail, create/update/delete and their items. */
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';
import { formDataOf } from '../../api/formData';

/** The cap the server enforces by default (PROJECT_COVER_MAX_BYTES); it answers an error above its own. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;

export function useProjectList() {
  return useApiQuery('project.list', { query: { pageSize: 100 } });
}

export function useProjectDetail(projectId: string) {
  return useApiQuery('project.detail', { query: { projectId } }, { retry: false });
}

/** Project changes refresh the project lists and details (the library's project tab too). */
export function useProjectMutations() {
  const invalidates = ['project.list', 'project.detail'] as const;
  return {
    create: useApiMutation('project.new', { invalidates }),
    update: useApiMutation('project.update', { invalidates }),
    remove: useApiMutation('project.delete', { invalidates }),
    updateItems: useApiMutation('project.updateItems', { invalidates }),
    deleteItems: useApiMutation('project.deleteItems', {
      // deleting an item deletes the canvas, document or resource itself
      invalidates: [...invalidates, 'canvas.list', 'knowledge.document.list', 'knowledge.resource.list'],
    }),
  };
}

export async function uploadCover(file: File): Promise<{ storageKey: string; url: string }> {
  return api.call('misc.upload', { body: formDataOf({ entityType: 'project', visibility: 'public', file }) });
}
