/** MCP (tool) servers configured by the user (spec sections 3 "MCP server", 4, 5). */
import { z } from 'zod';
import {
  HttpUrlSchema,
  KeyValueRecordSchema,
  MetadataSchema,
  QueryBooleanSchema,
  TimestampSchema,
} from './common.js';

export const McpServerTypeSchema = z.enum(['sse', 'streamable', 'stdio']);
export type McpServerType = z.infer<typeof McpServerTypeSchema>;

export const McpReconnectSchema = z.object({
  enabled: z.boolean().default(false),
  maxAttempts: z.number().int().min(0).max(100).default(3),
  delayMs: z.number().int().min(0).max(600_000).default(1_000),
});

export const McpServerStatusSchema = z.enum(['enabled', 'disabled', 'failed']);
export type McpServerStatus = z.infer<typeof McpServerStatusSchema>;

/** Header and env values in answers: never in full (the last 4 characters of long ones). */
export const MCP_SECRET_MASK = '••••••••';

export const McpServerSchema = z.object({
  /** Unique per user; the key of update, delete and selectedMcpServers. */
  name: z.string(),
  type: McpServerTypeSchema,
  url: z.string().nullish(),
  command: z.string().nullish(),
  args: z.array(z.string()).nullish(),
  env: z.record(z.string(), z.string()).nullish(),
  headers: z.record(z.string(), z.string()).nullish(),
  reconnect: McpReconnectSchema.nullish(),
  config: MetadataSchema.nullish(),
  enabled: z.boolean(),
  isGlobal: z.boolean(),
  /**
   * Extension: what the interface shows. failed when the last validation failed, else enabled or
   * disabled; toolCount and tools as the last successful validation listed them.
   */
  status: McpServerStatusSchema.optional(),
  toolCount: z.number().int().nullish(),
  tools: z.array(z.string()).nullish(),
  lastError: z.string().nullish(),
  validatedAt: TimestampSchema.nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type McpServer = z.infer<typeof McpServerSchema>;

const McpServerNameSchema = z.string().trim().min(1, 'Name is required').max(128);

/**
 * Create and update body. url for sse and streamable; command and args for stdio (args may be
 * an empty list). Whether stdio is allowed is the server's call ('Stdio not supported in web version').
 */
export const UpsertMcpServerSchema = z
  .object({
    name: McpServerNameSchema,
    type: McpServerTypeSchema,
    url: HttpUrlSchema.optional(),
    command: z.string().trim().max(1024).optional(),
    args: z.array(z.string().max(4096)).max(100).optional(),
    env: KeyValueRecordSchema.optional(),
    headers: KeyValueRecordSchema.optional(),
    reconnect: McpReconnectSchema.optional(),
    config: MetadataSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.type === 'sse' || value.type === 'streamable') && !value.url) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'URL is required for sse and streamable servers',
      });
    }
    if (value.type === 'stdio') {
      if (!value.command) {
        ctx.addIssue({ code: 'custom', path: ['command'], message: 'Command is required for stdio servers' });
      }
      if (!value.args) {
        ctx.addIssue({ code: 'custom', path: ['args'], message: 'Args are required for stdio servers' });
      }
    }
  });
export type UpsertMcpServer = z.infer<typeof UpsertMcpServerSchema>;

/** JSON-mode batch import: a non-empty array of servers. */
export const McpServerImportSchema = z
  .array(UpsertMcpServerSchema)
  .min(1, 'Batch import needs a non-empty JSON array')
  .max(100);

export const McpServerNameBodySchema = z.object({ name: McpServerNameSchema });

export const McpToolSchema = z.object({ name: z.string(), description: z.string().optional() });

/** A failed check is an answer too: valid false with the reason. */
export const McpValidateResultSchema = z.object({
  valid: z.boolean(),
  error: z.string().optional(),
  tools: z.array(McpToolSchema),
});

/**
 * Extension: batch import body. A JSON array of servers, or the object Claude Desktop and Cursor
 * write (`{ "mcpServers": { "<name>": { url, headers, type } } }`). Each item is checked on its
 * own, so one bad item does not refuse the others.
 */
export const McpServerImportBodySchema = z.object({
  servers: z.union([
    z.array(z.unknown()).min(1, 'Batch import needs a non-empty JSON array').max(100),
    z.object({ mcpServers: z.record(z.string(), z.unknown()) }),
  ]),
});
export type McpServerImportBody = z.infer<typeof McpServerImportBodySchema>;

export const McpImportItemSchema = z.object({
  /** Position in the array (or the object's key order). */
  index: z.number().int(),
  name: z.string().nullish(),
  ok: z.boolean(),
  error: z.string().optional(),
  /** Why an item failed: stdio on the web, a name taken (already stored or twice in the batch), or invalid fields. */
  reason: z.enum(['stdio', 'duplicate', 'invalid']).optional(),
});

/** Full success when failed is 0; otherwise a partial (or total) failure with each reason. */
export const McpImportResultSchema = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  items: z.array(McpImportItemSchema),
});
export type McpImportResult = z.infer<typeof McpImportResultSchema>;

export const ListMcpServersQuerySchema = z.object({
  enabled: QueryBooleanSchema.optional(),
  isGlobal: QueryBooleanSchema.optional(),
});
