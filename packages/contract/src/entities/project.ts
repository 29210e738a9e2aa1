/** Projects: groups of canvases and files with custom instructions (spec section 3 "Project"). */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { ContentSchema, DescriptionSchema, IdSchema, StorageKeySchema, TimestampSchema } from './common.js';

export const ProjectSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  coverUrl: z.string().nullish(),
  customInstructions: z.string().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Project = z.infer<typeof ProjectSchema>;

const PROJECT_NAME_REQUIRED = 'Project name is required';
const ProjectNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? PROJECT_NAME_REQUIRED : undefined) })
  .trim()
  .min(1, PROJECT_NAME_REQUIRED)
  .max(256);

export const CreateProjectSchema = z.object({
  projectId: IdSchema.optional(),
  name: ProjectNameSchema,
  description: DescriptionSchema.optional(),
  /** An uploaded PNG, JPG, JPEG or GIF (POST /misc/upload). */
  coverStorageKey: StorageKeySchema.optional(),
  /** Instructions added to every skill run inside the project. */
  customInstructions: ContentSchema.optional(),
});
export type CreateProject = z.infer<typeof CreateProjectSchema>;

export const UpdateProjectSchema = z.object({
  projectId: IdSchema,
  name: ProjectNameSchema.optional(),
  description: DescriptionSchema.optional(),
  /** null removes the cover. */
  coverStorageKey: StorageKeySchema.nullable().optional(),
  customInstructions: ContentSchema.optional(),
});
export type UpdateProject = z.infer<typeof UpdateProjectSchema>;

export const ProjectIdBodySchema = z.object({ projectId: IdSchema });
export const ProjectIdQuerySchema = z.object({ projectId: IdSchema });

/** What a project holds: canvases and files (resources and documents). */
export const ProjectItemSchema = z.object({
  entityType: z.enum(['canvas', 'resource', 'document']),
  entityId: IdSchema,
});
export type ProjectItem = z.infer<typeof ProjectItemSchema>;

const ProjectItemsSchema = z.array(ProjectItemSchema).min(1).max(LIMITS.maxBatchItems);

/** One canvas or file of a project, as its detail lists them. */
export const ProjectItemSummarySchema = z.object({
  entityType: z.enum(['canvas', 'resource', 'document']),
  entityId: z.string(),
  title: z.string(),
  updatedAt: TimestampSchema,
});
export type ProjectItemSummary = z.infer<typeof ProjectItemSummarySchema>;

/** A project with its canvases and files (resources and documents), most recently updated first. */
export const ProjectDetailSchema = ProjectSchema.extend({
  canvases: z.array(ProjectItemSummarySchema),
  files: z.array(ProjectItemSummarySchema),
});
export type ProjectDetail = z.infer<typeof ProjectDetailSchema>;

/** Move items into (add) or out of (remove) a project; removing keeps the items. */
export const UpdateProjectItemsSchema = z.object({
  projectId: IdSchema,
  operation: z.enum(['add', 'remove']),
  items: ProjectItemsSchema,
});

/** Delete the items themselves (they must belong to the project). */
export const DeleteProjectItemsSchema = z.object({
  projectId: IdSchema,
  items: ProjectItemsSchema,
});
