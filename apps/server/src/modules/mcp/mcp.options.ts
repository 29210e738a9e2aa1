/** The MCP client settings of this instance, from its configuration (MCP_* variables). */
import type { Config } from '../../config.js';
import type { McpClientOptions } from './mcp.client.js';

export function mcpClientOptions(config: Config): McpClientOptions {
  return {
    allowPrivateNetwork: config.MCP_ALLOW_PRIVATE_NETWORK,
    timeoutMs: config.MCP_CONNECT_TIMEOUT,
    toolTimeoutMs: config.MCP_TOOL_TIMEOUT,
    maxResultBytes: config.MCP_TOOL_RESULT_MAX_BYTES,
  };
}
