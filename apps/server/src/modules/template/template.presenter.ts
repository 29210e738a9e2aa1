/** The wire shapes of templates and categories (TemplateSchema, TemplateCategorySchema). */
import type { Template, TemplateCategory } from '@atelier/contract';
import { fileUrl } from '../upload/upload.service.js';
import { TEMPLATE_COVER_FILE, type CategoryRow, type TemplateListRow } from './template.service.js';

export function presentCategory(row: CategoryRow): TemplateCategory {
  return {
    categoryId: row.categoryId,
    name: row.name,
    labelDict: row.labelDict,
    descriptionDict: row.descriptionDict,
  };
}

/**
 * The template's cover: its own image, or else the thumbnail of its canvas as published with it.
 * Both are the share's copies, served through the share so every library visitor can load them;
 * the owner's upload (a private /v1/misc/static URL) is never answered.
 */
function cover({ template, shareFiles }: TemplateListRow, fileBaseUrl: string) {
  const own = Boolean(template.coverStorageKey && shareFiles?.[TEMPLATE_COVER_FILE]);
  const name = own ? TEMPLATE_COVER_FILE : shareFiles?.cover ? 'cover' : null;
  return { coverUrl: name ? `${fileBaseUrl}/share/${template.shareId}/files/${name}` : null, ownCover: own };
}

/** `fileBaseUrl`: PUBLIC_URL, or '' for URLs relative to the address the app is reached at. */
export function presentTemplate(row: TemplateListRow, fileBaseUrl: string): Template {
  const { template, category, author } = row;
  return {
    templateId: template.templateId,
    shareId: template.shareId,
    shareUser: {
      uid: author.uid,
      name: author.name,
      nickname: author.nickname,
      avatar: author.avatarStorageKey ? fileUrl(fileBaseUrl, author.avatarStorageKey) : null,
    },
    version: template.version,
    category: category ? presentCategory(category) : null,
    title: template.title,
    description: template.description,
    language: template.language,
    featured: template.featured,
    ...cover(row, fileBaseUrl),
    // the list joins the share with a left join: no row means its link was revoked
    linkRevoked: row.shareFiles === null,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}
