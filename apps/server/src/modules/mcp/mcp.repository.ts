/** Queries on `mcp_servers`; every one is scoped to the owning uid. */
import { and, asc, eq } from 'drizzle-orm';
import { mcpServers } from '../../db/schema/index.js';
import type { DbOrTx } from '../../db/helpers.js';
import { now } from '../../lib/time.js';

export type McpServerRow = typeof mcpServers.$inferSelect;
export type NewMcpServerRow = typeof mcpServers.$inferInsert;

export async function insertMcpServer(db: DbOrTx, values: NewMcpServerRow): Promise<McpServerRow> {
  const [row] = await db.insert(mcpServers).values(values).returning();
  if (!row) throw new Error('insert into mcp_servers returned no row');
  return row;
}

export async function findMcpServerByName(
  db: DbOrTx,
  uid: string,
  name: string,
): Promise<McpServerRow | undefined> {
  const [row] = await db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.uid, uid), eq(mcpServers.name, name)))
    .limit(1);
  return row;
}

export function listMcpServers(db: DbOrTx, uid: string): Promise<McpServerRow[]> {
  return db
    .select()
    .from(mcpServers)
    .where(eq(mcpServers.uid, uid))
    .orderBy(asc(mcpServers.createdAt), asc(mcpServers.serverId));
}

export async function updateMcpServer(
  db: DbOrTx,
  uid: string,
  serverId: string,
  patch: Partial<NewMcpServerRow>,
): Promise<McpServerRow | undefined> {
  const [row] = await db
    .update(mcpServers)
    .set({ ...patch, updatedAt: now() })
    .where(and(eq(mcpServers.serverId, serverId), eq(mcpServers.uid, uid)))
    .returning();
  return row;
}

export async function deleteMcpServer(db: DbOrTx, uid: string, serverId: string): Promise<boolean> {
  const rows = await db
    .delete(mcpServers)
    .where(and(eq(mcpServers.serverId, serverId), eq(mcpServers.uid, uid)))
    .returning({ serverId: mcpServers.serverId });
  return rows.length > 0;
}
