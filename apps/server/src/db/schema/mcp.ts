/**
 * MCP (tool) servers a user configured. Header and env values are sealed together at rest
 * (`v1.<iv>.<tag>.<ciphertext>`, AES-256-GCM bound to server_id) and never leave the server in
 * full. Names are unique per user: they are the key of update, delete and selectedMcpServers.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { McpServerType } from '@atelier/contract';
import { users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface McpReconnectSettings {
  enabled: boolean;
  maxAttempts: number;
  delayMs: number;
}

export const mcpServers = pgTable(
  'mcp_servers',
  {
    serverId: text('server_id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<McpServerType>().notNull(),
    url: text('url'),
    /** `{ headers, env }` as JSON, sealed; null when both are empty. */
    secretsEncrypted: text('secrets_encrypted'),
    reconnect: jsonb('reconnect').$type<McpReconnectSettings>(),
    config: jsonb('config').$type<Record<string, unknown>>(),
    enabled: boolean('enabled').notNull().default(false),
    /** unchecked (never validated since its connection settings last changed), ok, failed. */
    checkStatus: text('check_status').$type<'unchecked' | 'ok' | 'failed'>().notNull().default('unchecked'),
    lastError: text('last_error'),
    /** Tool names as the last successful validation listed them. */
    tools: jsonb('tools').$type<string[]>(),
    toolCount: integer('tool_count'),
    validatedAt: ts('validated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.uid, t.name), index().on(t.uid, t.createdAt)],
);
