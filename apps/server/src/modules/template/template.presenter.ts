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

export function presentTemplate(
  { template, category, author }: TemplateListRow,
  publicUrl: string,
): Template {
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
    coverUrl: template.coverStorageKey ? fileUrl(publicUrl, template.coverStorageKey) : null,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}
