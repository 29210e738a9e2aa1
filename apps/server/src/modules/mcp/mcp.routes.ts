/** /mcp-server routes: thin handlers over the MCP server service and its presenter. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { mcpClientOptions } from './mcp.options.js';
import { McpServerService } from './mcp.service.js';

export function mcpServerHandlers(ctx: AppContext): Handlers {
  const servers = new McpServerService(
    ctx.db,
    ctx.secrets.encryption,
    mcpClientOptions(ctx.config),
    ctx.config.mcpGlobalServers,
    ctx.clock.date().toISOString(),
  );
  return {
    'mcpServer.create': async ({ user, body }) => servers.present(await servers.create(user.uid, body)),
    'mcpServer.update': async ({ user, body }) => servers.present(await servers.update(user.uid, body)),
    'mcpServer.delete': async ({ user, body }) => {
      await servers.delete(user.uid, body.name);
      return {};
    },
    'mcpServer.validate': async ({ user, body }) => {
      const result = await servers.validate(user.uid, body);
      return {
        valid: result.valid,
        ...(result.error ? { error: result.error } : {}),
        tools: result.tools.map((t) => ({
          name: t.name,
          ...(t.description ? { description: t.description } : {}),
        })),
      };
    },
    'mcpServer.import': async ({ user, body }) => servers.import(user.uid, body),
    'mcpServer.list': async ({ user, query }) => servers.list(user.uid, query),
  };
}
