/** The wire shapes of templates and categories (TemplateSchema, TemplateCategorySchema). */
import type { Template, TemplateCategory } from '@atelier/contract';
import { fileUrl } from '../upload/upload.service.js';
import type { CategoryRow, TemplateListRow } from './template.service.js';

export function presentCategory(row: CategoryRow): TemplateCategory {
  return {
    categoryId: row.categoryId,
    name: row.name,
    labelDict: row.labelDict,
    descriptionDict: row.descriptionDict,
  };
}

/**
 * The template's cover: its own image, or else the thumbnail of its canvas as published with it
 * (the share's `cover` copy, served through the share so every library visitor can load it).
 */
function coverUrl({ template, shareFiles }: TemplateListRow, publicUrl: string): string | null {
  if (template.coverStorageKey) return fileUrl(publicUrl, template.coverStorageKey);
  return shareFiles?.cover ? `${publicUrl}/share/${template.shareId}/files/cover` : null;
}

export function presentTemplate(row: TemplateListRow, publicUrl: string): Template {
  const { template, category, author } = row;
  return {
    templateId: template.templateId,
    shareId: template.shareId,
    shareUser: {
      uid: author.uid,
      name: author.name,
      nickname: author.nickname,
      avatar: author.avatarStorageKey ? fileUrl(publicUrl, author.avatarStorageKey) : null,
    },
    version: template.version,
    category: category ? presentCategory(category) : null,
    title: template.title,
    description: template.description,
    language: template.language,
    featured: template.featured,
    coverUrl: coverUrl(row, publicUrl),
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}
