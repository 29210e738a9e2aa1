/** MCP server routes (spec section 7 "MCP servers"). */
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { EmptySchema } from '../entities/common.js';
import {
  ListMcpServersQuerySchema,
  McpImportResultSchema,
  McpServerImportBodySchema,
  McpServerNameBodySchema,
  McpServerSchema,
  McpValidateResultSchema,
  UpsertMcpServerSchema,
} from '../entities/mcp.js';

const tag = 'mcp-server';

export const mcpRoutes = {
  'mcpServer.create': defineRoute({
    id: 'mcpServer.create',
    method: 'POST',
    path: '/mcp-server/create',
    summary: 'Add an MCP server (names are unique per user)',
    tag,
    auth: 'user',
    body: UpsertMcpServerSchema,
    response: McpServerSchema,
    errors: ['E0003'],
  }),
  'mcpServer.update': defineRoute({
    id: 'mcpServer.update',
    method: 'POST',
    path: '/mcp-server/update',
    summary: 'Replace the settings of the MCP server with this name',
    tag,
    auth: 'user',
    body: UpsertMcpServerSchema,
    response: McpServerSchema,
    errors: ['E0003', 'E1017'],
  }),
  'mcpServer.delete': defineRoute({
    id: 'mcpServer.delete',
    method: 'POST',
    path: '/mcp-server/delete',
    summary: 'Delete an MCP server',
    tag,
    auth: 'user',
    body: McpServerNameBodySchema,
    response: EmptySchema,
    errors: ['E0003', 'E1017'],
  }),
  'mcpServer.validate': defineRoute({
    id: 'mcpServer.validate',
    method: 'POST',
    path: '/mcp-server/validate',
    summary: 'Connect to a server and list its tools; a stored server is enabled when this succeeds',
    tag,
    auth: 'user',
    body: UpsertMcpServerSchema,
    response: McpValidateResultSchema,
    errors: ['E0003'],
  }),
  'mcpServer.import': defineRoute({
    id: 'mcpServer.import',
    method: 'POST',
    path: '/mcp-server/import',
    summary: 'Add several MCP servers from JSON; answers which were added and why the others were not',
    tag,
    auth: 'user',
    body: McpServerImportBodySchema,
    response: McpImportResultSchema,
    errors: ['E0003'],
    extension: true,
  }),
  'mcpServer.list': defineRoute({
    id: 'mcpServer.list',
    method: 'GET',
    path: '/mcp-server/list',
    summary: "The caller's MCP servers and the global ones",
    tag,
    auth: 'user',
    query: ListMcpServersQuerySchema,
    response: z.array(McpServerSchema),
    errors: ['E0003'],
  }),
} as const;
