/** Templates through the typed API hooks: categories, lists, publish / edit / delete, and helpers. */
import type { Template, TemplateCategory } from '@atelier/contract';
import { api } from '../../api/client';
import { useApiMutation, useApiQuery } from '../../api/apiQuery';
import { formDataOf } from '../../api/formData';

/** The languages a template can be written in (the UI languages). */
export const TEMPLATE_LANGUAGES = ['en', 'zh-CN'] as const;

export function useTemplateCategories() {
  return useApiQuery('template.category.list', {}, { staleTime: 5 * 60_000 });
}

export function categoryLabel(category: TemplateCategory, language: string): string {
  return category.labelDict[language] ?? category.labelDict.en ?? category.name;
}

export function useTemplateMutations() {
  const invalidates = ['template.list'] as const;
  return {
    create: useApiMutation('template.create', { invalidates: [...invalidates, 'share.list'] }),
    update: useApiMutation('template.update', { invalidates }),
    remove: useApiMutation('template.delete', { invalidates: [...invalidates, 'share.list'] }),
  };
}

/**
 * A private upload: the form previews it through the owner's session, and the server copies it into
 * the template's share, where every library visitor loads it.
 */
export async function uploadTemplateCover(file: File): Promise<{ storageKey: string; url: string }> {
  return api.call('misc.upload', { body: formDataOf({ entityType: 'canvas', visibility: 'private', file }) });
}

/**
 * The caller's template published from `canvasId`, if any: the canvas's shares carry the
 * template they were published for, and the caller's templates are matched by that id.
 */
export async function findCanvasTemplate(canvasId: string): Promise<Template | null> {
  const shares = await api.call('share.list', {
    query: { entityType: 'canvas', entityId: canvasId, pageSize: 100 },
  });
  const templateIds = new Set(shares.flatMap((s) => (s.templateId ? [s.templateId] : [])));
  if (templateIds.size === 0) return null;
  const mine = await api.call('template.list', { query: { scope: 'mine', pageSize: 100 } });
  return mine.find((t) => templateIds.has(t.templateId)) ?? null;
}

/** A stable hue from a string, for the generated cover of a template without one. */
export function hueOf(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}
