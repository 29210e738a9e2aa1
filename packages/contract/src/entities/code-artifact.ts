/** Code artifacts and the mind-map JSON they may hold (spec sections 3 "Code artifact", 5). */
import { z } from 'zod';
import {
  ContentSchema,
  IdSchema,
  PageQuerySchema,
  StorageKeySchema,
  TimestampSchema,
  TitleSchema,
} from './common.js';

export const CodeArtifactTypeSchema = z.enum([
  'react',
  'svg',
  'mermaid',
  'markdown',
  'code',
  'html',
  'mindmap',
]);
export type CodeArtifactType = z.infer<typeof CodeArtifactTypeSchema>;

export interface MindMapNode {
  id: string;
  label: string;
  content?: string | undefined;
  children?: MindMapNode[] | undefined;
}

/** One card of a mind map; cards have children (child action) and siblings (sibling action). */
export const MindMapNodeSchema: z.ZodType<MindMapNode> = z.object({
  id: z.string().min(1).max(128),
  label: z.string().max(1024),
  content: z.string().max(10_000).optional(),
  get children() {
    return z.array(MindMapNodeSchema).max(500).optional();
  },
});

export const INVALID_MIND_MAP_MESSAGE = 'Invalid mind map data format';

/** Whether a string is a mind map: valid JSON whose root is a card with an id and a label. */
export function isMindMapJson(content: string): boolean {
  try {
    const parsed: unknown = JSON.parse(content);
    return MindMapNodeSchema.safeParse(parsed).success;
  } catch {
    return false;
  }
}

export const CodeArtifactSchema = z.object({
  artifactId: z.string(),
  type: CodeArtifactTypeSchema,
  title: z.string(),
  /** Source text; for `mindmap` a JSON mind map. Omitted in lists. */
  content: z.string().optional(),
  language: z.string().nullish(),
  previewUrl: z.string().nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type CodeArtifact = z.infer<typeof CodeArtifactSchema>;

function refineMindMap(
  value: { type?: CodeArtifactType | undefined; content?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.type === 'mindmap' && value.content !== undefined && !isMindMapJson(value.content)) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: INVALID_MIND_MAP_MESSAGE });
  }
}

export const CreateCodeArtifactSchema = z
  .object({
    artifactId: IdSchema.optional(),
    type: CodeArtifactTypeSchema,
    title: TitleSchema,
    content: ContentSchema,
    language: z.string().max(64).optional(),
    previewStorageKey: StorageKeySchema.optional(),
    /**
     * With an artifactId: true answers the existing artifact (or creates it under that id);
     * false answers E1013 when no artifact has that id.
     */
    createIfNotExists: z.boolean().default(false),
  })
  .superRefine(refineMindMap);
export type CreateCodeArtifact = z.infer<typeof CreateCodeArtifactSchema>;

export const UpdateCodeArtifactSchema = z
  .object({
    artifactId: IdSchema,
    type: CodeArtifactTypeSchema.optional(),
    title: TitleSchema.optional(),
    content: ContentSchema.optional(),
    language: z.string().max(64).optional(),
    previewStorageKey: StorageKeySchema.optional(),
    /** Create the artifact under this id when it does not exist yet (default false: E1013). */
    createIfNotExists: z.boolean().default(false),
  })
  .superRefine(refineMindMap);
export type UpdateCodeArtifact = z.infer<typeof UpdateCodeArtifactSchema>;

export const ArtifactIdQuerySchema = z.object({ artifactId: IdSchema });

export const ListCodeArtifactsQuerySchema = PageQuerySchema.extend({
  type: CodeArtifactTypeSchema.optional(),
});
