/**
 * The wire shape of an MCP server. Header and env values never leave the server in full: each is
 * the mask, followed by its last 4 characters when it is long enough for those to give nothing away.
 */
import { MCP_SECRET_MASK, type McpServer, type McpServerStatus } from '@atelier/contract';
import type { GlobalMcpServer } from '../../config.mcp.js';
import { iso } from '../../lib/time.js';
import type { McpServerRow } from './mcp.repository.js';
import { maskRecord, type McpSecrets } from './mcp.secrets.js';

export function statusOf(row: McpServerRow): McpServerStatus {
  if (row.checkStatus === 'failed') return 'failed';
  return row.enabled ? 'enabled' : 'disabled';
}

export function presentMcpServer(row: McpServerRow, secrets: McpSecrets): McpServer {
  return {
    name: row.name,
    type: row.type,
    url: row.url,
    command: null,
    args: null,
    headers: maskRecord(secrets.headers),
    env: maskRecord(secrets.env),
    reconnect: row.reconnect,
    config: row.config,
    enabled: row.enabled,
    isGlobal: false,
    status: statusOf(row),
    toolCount: row.toolCount,
    tools: row.tools,
    lastError: row.lastError,
    validatedAt: iso(row.validatedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A global server: enabled, read-only; its header values are not answered at all (names only). */
/** `at`: when this process took the configuration (the server's timestamps). */
export function presentGlobalMcpServer(server: GlobalMcpServer, at: string): McpServer {
  return {
    name: server.name,
    type: server.type,
    url: server.url,
    command: null,
    args: null,
    headers: Object.fromEntries(Object.keys(server.headers).map((k) => [k, MCP_SECRET_MASK])),
    env: {},
    reconnect: server.reconnect,
    config: server.config,
    enabled: true,
    isGlobal: true,
    status: 'enabled',
    toolCount: null,
    tools: null,
    lastError: null,
    validatedAt: null,
    createdAt: at,
    updatedAt: at,
  };
}
