/**
 * Global MCP servers, read by config.ts at start (a bad entry stops the server like any other bad
 * variable; modules/mcp offers what was read). Configured by whoever runs the instance
 * (MCP_GLOBAL_SERVERS, a JSON text, or MCP_GLOBAL_SERVERS_FILE, a JSON file) and offered to every
 * user: listed with `isGlobal: true`, read-only (no update, delete or validate through the API),
 * usable by the agent skill. Their headers stay in memory and are never answered, not even in
 * part. Like global model providers they may be on private addresses (the operator put them there).
 *
 * The JSON is an array of servers as /mcp-server/create takes them, or a Claude Desktop style
 * `{ "mcpServers": { "<name>": { "type", "url", "headers" } } }`. sse and streamable only.
 */
import { readFileSync } from 'node:fs';
import { UpsertMcpServerSchema, type McpServer } from '@atelier/contract';
import type { z } from 'zod';

export interface GlobalMcpServer {
  name: string;
  type: 'sse' | 'streamable';
  url: string;
  headers: Record<string, string>;
  reconnect: McpServer['reconnect'];
  config: McpServer['config'];
}

/** A Claude Desktop / Cursor entry (`mcpServers.<name>`) as an upsert body. */
export function fromDesktopEntry(name: string, entry: unknown): unknown {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return { name, entry };
  const e = entry as Record<string, unknown>;
  const raw = typeof e.type === 'string' ? e.type : typeof e.transport === 'string' ? e.transport : undefined;
  let type: unknown = raw;
  if (raw === undefined) type = typeof e.command === 'string' ? 'stdio' : 'streamable';
  else if (raw === 'http' || raw === 'streamable-http' || raw === 'streamableHttp') type = 'streamable';
  const { transport: _transport, ...rest } = e;
  return { ...rest, name, type };
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid server';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** The servers of the JSON text, or the problems that make it unusable (`label` names the source). */
export function parseGlobalMcpServers(
  text: string,
  label: string,
): { servers: GlobalMcpServer[]; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { servers: [], problems: [`${label}: not valid JSON (${(err as Error).message})`] };
  }
  const desktop =
    json && typeof json === 'object' && !Array.isArray(json)
      ? (json as { mcpServers?: unknown }).mcpServers
      : undefined;
  let entries: unknown[];
  if (Array.isArray(json)) entries = json;
  else if (desktop && typeof desktop === 'object' && !Array.isArray(desktop))
    entries = Object.entries(desktop).map(([name, entry]) => fromDesktopEntry(name, entry));
  else
    return { servers: [], problems: [`${label}: expected an array of servers or { "mcpServers": { … } }`] };

  const servers: GlobalMcpServer[] = [];
  const problems: string[] = [];
  entries.forEach((entry, index) => {
    const parsed = UpsertMcpServerSchema.safeParse(entry);
    if (!parsed.success) {
      problems.push(`${label}[${index}]: ${describe(parsed.error)}`);
      return;
    }
    const s = parsed.data;
    if (s.type === 'stdio' || !s.url) {
      problems.push(`${label}[${index}] "${s.name}": only sse and streamable servers (with a url)`);
      return;
    }
    if (servers.some((other) => other.name === s.name)) {
      problems.push(`${label}[${index}]: the name "${s.name}" appears more than once`);
      return;
    }
    servers.push({
      name: s.name,
      type: s.type,
      url: s.url,
      headers: s.headers ?? {},
      reconnect: s.reconnect ?? null,
      config: s.config ?? null,
    });
  });
  return { servers, problems };
}

/** The configured global servers (MCP_GLOBAL_SERVERS, else the file of MCP_GLOBAL_SERVERS_FILE). */
export function loadGlobalMcpServers(env: {
  MCP_GLOBAL_SERVERS?: string | undefined;
  MCP_GLOBAL_SERVERS_FILE?: string | undefined;
}): { servers: GlobalMcpServer[]; problems: string[] } {
  if (env.MCP_GLOBAL_SERVERS) return parseGlobalMcpServers(env.MCP_GLOBAL_SERVERS, 'MCP_GLOBAL_SERVERS');
  if (!env.MCP_GLOBAL_SERVERS_FILE) return { servers: [], problems: [] };
  let text: string;
  try {
    text = readFileSync(env.MCP_GLOBAL_SERVERS_FILE, 'utf8');
  } catch (err) {
    return {
      servers: [],
      problems: [
        `MCP_GLOBAL_SERVERS_FILE: cannot read ${env.MCP_GLOBAL_SERVERS_FILE} (${(err as Error).message})`,
      ],
    };
  }
  return parseGlobalMcpServers(text, 'MCP_GLOBAL_SERVERS_FILE');
}
