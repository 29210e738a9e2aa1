/** Instance-wide values: generated secrets (when not configured) shared by every server instance. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
