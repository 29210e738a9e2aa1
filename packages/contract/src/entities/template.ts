/** Templates (published canvases) and their categories (spec section 3 "Template"). */
import { z } from 'zod';
import {
  DescriptionSchema,
  IdSchema,
  LocaleDictSchema,
  PageQuerySchema,
  QueryBooleanSchema,
  StorageKeySchema,
  TimestampSchema,
} from './common.js';

const LanguageSchema = z.string().trim().min(1, 'Language is required').max(16);
const TemplateTitleSchema = z.string().trim().min(1, 'Template name must be entered').max(512);

export const TemplateCategorySchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  /** Display name per locale. */
  labelDict: LocaleDictSchema,
  descriptionDict: LocaleDictSchema,
});
export type TemplateCategory = z.infer<typeof TemplateCategorySchema>;

export const ShareUserSchema = z.object({
  uid: z.string(),
  name: z.string().nullish(),
  nickname: z.string().nullish(),
  avatar: z.string().nullish(),
});
export type ShareUser = z.infer<typeof ShareUserSchema>;

export const TemplateSchema = z.object({
  templateId: z.string(),
  /** The canvas share that holds the template's content; use it with POST /share/duplicate. */
  shareId: z.string(),
  shareUser: ShareUserSchema,
  version: z.number().int(),
  category: TemplateCategorySchema.nullish(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  featured: z.boolean(),
  coverUrl: z.string().nullish(),
  /** Ours: coverUrl is the template's own image (true), not its canvas thumbnail or nothing. */
  ownCover: z.boolean().optional(),
  /**
   * Ours: the share link was revoked (from "Shared by me"): nobody can preview or use the template
   * until it is published again. Only its owner lists it then (scope mine).
   */
  linkRevoked: z.boolean().optional(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Template = z.infer<typeof TemplateSchema>;

export const CreateTemplateSchema = z.object({
  canvasId: IdSchema,
  title: TemplateTitleSchema,
  description: DescriptionSchema,
  language: LanguageSchema,
  categoryId: IdSchema.optional(),
  coverStorageKey: StorageKeySchema.optional(),
});
export type CreateTemplate = z.infer<typeof CreateTemplateSchema>;

export const UpdateTemplateSchema = z.object({
  templateId: IdSchema,
  title: TemplateTitleSchema.optional(),
  description: DescriptionSchema.optional(),
  categoryId: IdSchema.nullable().optional(),
  language: LanguageSchema.optional(),
  /** One of the caller's uploaded images as the cover; null: none (the canvas thumbnail shows). */
  coverStorageKey: StorageKeySchema.nullable().optional(),
  /** Publish the canvas again: the template then shows its current content (version + 1). */
  republish: z.boolean().optional(),
});
export type UpdateTemplate = z.infer<typeof UpdateTemplateSchema>;

export const ListTemplatesQuerySchema = PageQuerySchema.extend({
  /** `mine`: the caller's templates; `all`: every published template. */
  scope: z.enum(['mine', 'all']).default('all'),
  categoryId: IdSchema.optional(),
  language: z.string().max(16).optional(),
  featured: QueryBooleanSchema.optional(),
  /** Words in the title or description (case-insensitive). */
  q: z.string().trim().max(200).optional(),
});

/** Unpublish one of the caller's templates (its share is revoked; the canvas stays). */
export const DeleteTemplateSchema = z.object({ templateId: IdSchema });
export type DeleteTemplate = z.infer<typeof DeleteTemplateSchema>;
