/** Shapes of the miscellaneous calls: scrape, convert, collaboration token, health, system config. */
import { z } from 'zod';
import { HttpUrlSchema } from './common.js';

export const ScrapeRequestSchema = z.object({ url: HttpUrlSchema });
export const ScrapeResultSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string().optional(),
  /** Preview image URL. */
  image: z.string().optional(),
});
export type ScrapeResult = z.infer<typeof ScrapeResultSchema>;

/** Non-file fields of the multipart /misc/convert; the file part is named `file`. */
export const ConvertFieldsSchema = z.object({
  /** Omitted: detected from the file's content type. */
  from: z.enum(['html', 'markdown', 'pdf', 'docx']).optional(),
  to: z.enum(['markdown']).default('markdown'),
});
export const ConvertResultSchema = z.object({ content: z.string() });

export const CollabTokenSchema = z.object({
  token: z.string(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int(),
  /** WebSocket URL of the collaboration endpoint. */
  url: z.string(),
});

export const HealthSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  roles: z.array(z.enum(['api', 'worker', 'collab'])),
  uptimeSeconds: z.number(),
});

export const SystemConfigSchema = z.object({
  version: z.string(),
  /** Maintenance notice window; `enabled` false hides the notice. Times are HH:MM in `timezone`. */
  maintenance: z.object({
    enabled: z.boolean(),
    start: z.string(),
    end: z.string(),
    timezone: z.string(),
  }),
  features: z.object({
    subscription: z.boolean(),
    canvasTemplate: z.boolean(),
    errorReporting: z.boolean(),
  }),
});
