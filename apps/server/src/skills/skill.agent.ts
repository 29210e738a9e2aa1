/**
 * The agent skill: a tool loop (the AI SDK's tool calling, up to AGENT_MAX_STEPS model calls) over
 * - the tools of the caller's selected MCP servers (`selectedMcpServers`, names of their own
 *   enabled servers), named `<server>__<tool>` and with the server's JSON schemas passed through;
 *   one connection per server for the run (`McpClientPool`), closed when the run ends;
 * - built-in tools: library search (the caller's library), web search (when a web-search provider
 *   is configured), and, when the run's target is a canvas, reading a canvas item and adding a memo
 *   or a document to it (through the live canvas, so open tabs see it).
 * Every tool has the MCP_TOOL_TIMEOUT deadline and a result capped at MCP_TOOL_RESULT_MAX_BYTES
 * (cut with a marker). A tool that throws, times out or answers garbage is a tool error the model
 * sees; the engine logs every call and result (skill.engine.ts). A model without function calling
 * (`capabilities.functionCall` not true) is refused before the run is recorded (E2003).
 */
import { dynamicTool, jsonSchema, type ToolSet } from 'ai';
import { z } from 'zod';
import {
  addNode,
  contentPreviewFromMarkdown,
  getCanvasSnapshot,
  NodeLimitError,
  newNodePosition,
} from '@atelier/canvas';
import { canvasDocName } from '../collab/index.js';
import { readDocumentMarkdown } from '../collab/collab.live.js';
import { AppError, badRequest } from '../lib/errors.js';
import { accessFor, userActor } from '../modules/access/access.js';
import { loadCodeArtifact } from '../modules/code-artifact/code-artifact.service.js';
import { DocumentService } from '../modules/document/document.service.js';
import {
  capUtf8,
  McpClientPool,
  type McpConnection,
  type McpTarget,
  type McpToolInfo,
} from '../modules/mcp/mcp.client.js';
import { mcpClientOptions } from '../modules/mcp/mcp.options.js';
import { findMcpServerByName, type McpServerRow } from '../modules/mcp/mcp.repository.js';
import { openSecrets } from '../modules/mcp/mcp.secrets.js';
import { resolveToolProvider } from '../modules/provider/provider.resolve.js';
import { librarySources, preferredLibraryMode } from '../modules/search/search.service.js';
import { searchWeb } from '../modules/search/search.web.js';
import { loadResource } from '../modules/resource/resource.service.js';
import { contextRules, systemText, withQuery } from './skill.prompt.js';
import { llmConfigOf } from './skill.model.js';
import type { SkillCheckInput, SkillDefinition, SkillRunEnv } from './skill.types.js';

/** The message of the refusal of a model without function calling (E2003). */
export const AGENT_NEEDS_TOOLS =
  'The agent needs a model with function calling; this model does not have it. Select another model.';

/** Longest tool name providers accept (OpenAI: ^[a-zA-Z0-9_-]{1,64}$). */
const TOOL_NAME_CHARS = 64;

/** Where a tool of the run comes from, for its log lines. */
interface ToolLabel {
  server: string | null;
  tool: string;
}

interface AgentState {
  pool: McpClientPool | null;
  labels: Map<string, ToolLabel>;
  started: Map<string, number>;
  durations: Map<string, number>;
}

function stateOf(env: SkillRunEnv): AgentState {
  const known = env.state.agent as AgentState | undefined;
  if (known) return known;
  const state: AgentState = { pool: null, labels: new Map(), started: new Map(), durations: new Map() };
  env.state.agent = state;
  return state;
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'x';

/** `<server>__<tool>`, provider-safe, at most 64 characters, distinct within the run. */
function toolNameFor(server: string, tool: string, taken: Set<string>): string {
  const base = `${safeName(server).slice(0, 24)}__${safeName(tool)}`.slice(0, TOOL_NAME_CHARS);
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base.slice(0, TOOL_NAME_CHARS - 4)}_${i}`;
  taken.add(name);
  return name;
}

class ToolDeadlineError extends Error {}

/** Runs `work` under the tool deadline; the run's abort stops it too. */
async function withToolDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  ms: number,
  outer: AbortSignal,
) {
  const controller = new AbortController();
  const stop = () => controller.abort();
  outer.addEventListener('abort', stop, { once: true });
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(controller.signal),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new ToolDeadlineError(`The tool did not answer within ${Math.round(ms / 100) / 10} s`));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', stop);
  }
}

/** A tool result as text cut to the byte cap, with a marker saying how much there was. */
function capped(text: string, max: number): string {
  const cut = capUtf8(text, max);
  return cut.truncated
    ? `${cut.text}\n[cut: the result was ${cut.bytes} bytes; the first ${max} are kept]`
    : cut.text;
}

/** An MCP tool's input schema as the AI SDK's JSON schema (an object schema, whatever it said). */
function schemaOf(info: McpToolInfo) {
  const raw = info.inputSchema;
  const schema =
    raw && typeof raw === 'object' && raw.type === 'object'
      ? raw
      : { type: 'object', properties: {}, additionalProperties: true };
  return jsonSchema(schema as Parameters<typeof jsonSchema>[0]);
}

/** A server the run may use: the caller's own, else a global one of this instance. */
interface AgentServer {
  name: string;
  enabled: boolean;
  isGlobal: boolean;
  row: McpServerRow | null;
  reconnect: McpServerRow['reconnect'];
}

async function enabledServer(
  env: { ctx: SkillCheckInput['ctx']; uid: string },
  name: string,
): Promise<AgentServer> {
  const row = await findMcpServerByName(env.ctx.db, env.uid, name);
  if (row) {
    await accessFor(env.ctx.db).require(userActor(env.uid), 'read', 'mcpServer', [row.serverId]);
    return { name: row.name, enabled: row.enabled, isGlobal: false, row, reconnect: row.reconnect };
  }
  const global = env.ctx.config.mcpGlobalServers.find((g) => g.name === name);
  if (global) return { name, enabled: true, isGlobal: true, row: null, reconnect: global.reconnect ?? null };
  throw new AppError('E1017', `selectedMcpServers: no MCP server named "${name}"`);
}

/** Where to connect: a global server's settings from the configuration, a user's from their row. */
function targetOf(env: SkillRunEnv, server: AgentServer): McpTarget {
  const global = env.ctx.config.mcpGlobalServers.find((g) => g.name === server.name);
  if (server.isGlobal && global) {
    return { name: global.name, type: global.type, url: global.url, headers: global.headers };
  }
  const row = server.row!;
  if (row.type === 'stdio' || !row.url) throw new Error('Stdio not supported in web version');
  const secrets = openSecrets(row.secretsEncrypted, env.ctx.secrets.encryption, row.serverId, row.name);
  return { name: row.name, type: row.type, url: row.url, headers: secrets.headers };
}

/** Tools the run gets from one MCP server: each call goes through the run's pooled connection. */
function mcpTools(
  env: SkillRunEnv,
  state: AgentState,
  row: Pick<AgentServer, 'name'>,
  conn: McpConnection,
  tools: McpToolInfo[],
  taken: Set<string>,
): ToolSet {
  const set: ToolSet = {};
  for (const info of tools) {
    const name = toolNameFor(row.name, info.name, taken);
    state.labels.set(name, { server: row.name, tool: info.name });
    set[name] = dynamicTool({
      description: (info.description ?? `${info.name} (MCP server ${row.name})`).slice(0, 1024),
      inputSchema: schemaOf(info),
      execute: async (input, { toolCallId, abortSignal }) =>
        timed(state, toolCallId, async () => {
          const args = input && typeof input === 'object' && !Array.isArray(input) ? input : {};
          // a signal of this call only: the SDK leaves its listeners on the signal it is given
          const own = new AbortController();
          const outer = abortSignal ?? env.signal;
          const stop = () => own.abort();
          outer.addEventListener('abort', stop, { once: true });
          const res = await conn
            .callTool(info.name, args as Record<string, unknown>, { signal: own.signal })
            .finally(() => outer.removeEventListener('abort', stop));
          // the client module applies MCP_TOOL_TIMEOUT and MCP_TOOL_RESULT_MAX_BYTES
          if (res.isError) throw new Error(res.text || `The tool ${info.name} failed`);
          return res.text;
        }),
    });
  }
  return set;
}

async function timed<T>(state: AgentState, toolCallId: string, fn: () => Promise<T>): Promise<T> {
  const at = performance.now();
  state.started.set(toolCallId, at);
  try {
    return await fn();
  } finally {
    state.durations.set(toolCallId, Math.round(performance.now() - at));
  }
}

/** A built-in tool: input checked by zod, the tool deadline, the result capped. */
function builtIn<S extends z.ZodType>(
  env: SkillRunEnv,
  state: AgentState,
  name: string,
  description: string,
  schema: S,
  run: (input: z.infer<S>, signal: AbortSignal) => Promise<unknown>,
) {
  const { MCP_TOOL_TIMEOUT, MCP_TOOL_RESULT_MAX_BYTES } = env.ctx.config;
  state.labels.set(name, { server: null, tool: name });
  return dynamicTool({
    description,
    inputSchema: schema,
    execute: async (input, { toolCallId }) =>
      timed(state, toolCallId, async () => {
        const parsed = schema.safeParse(input);
        if (!parsed.success) throw new Error(`Invalid arguments: ${parsed.error.issues[0]?.message ?? ''}`);
        const out = await withToolDeadline(
          (signal) => run(parsed.data, signal),
          MCP_TOOL_TIMEOUT,
          env.signal,
        );
        const text = typeof out === 'string' ? out : JSON.stringify(out);
        return capped(text, MCP_TOOL_RESULT_MAX_BYTES);
      }),
  });
}

const CANVAS_NODE_TYPES = ['document', 'resource', 'memo', 'codeArtifact'] as const;

function canvasTools(env: SkillRunEnv, state: AgentState, canvasId: string): ToolSet {
  const { ctx, uid, collab } = env;
  const snapshot = () => collab.read(canvasDocName(canvasId), getCanvasSnapshot);
  return {
    list_canvas_items: builtIn(
      env,
      state,
      'list_canvas_items',
      'Lists the items (documents, resources, memos, code artifacts) on the canvas of this conversation: node id, type and title.',
      z.object({}).passthrough(),
      async () => {
        await accessFor(ctx.db).require(userActor(uid), 'read', 'canvas', [canvasId]);
        const nodes = (await snapshot()).nodes.filter((n) =>
          (CANVAS_NODE_TYPES as readonly string[]).includes(n.type),
        );
        return nodes.map((n) => ({ nodeId: n.id, type: n.type, title: n.data.title ?? '' }));
      },
    ),
    read_canvas_item: builtIn(
      env,
      state,
      'read_canvas_item',
      'Reads one item of the canvas of this conversation (a document, resource, memo or code artifact) by its node id or entity id.',
      z.object({ id: z.string().min(1).max(200) }),
      async ({ id }) => {
        await accessFor(ctx.db).require(userActor(uid), 'read', 'canvas', [canvasId]);
        const node = (await snapshot()).nodes.find(
          (n) => n.id === id || (n.data.entityId && n.data.entityId === id),
        );
        if (!node) throw new Error(`No item ${id} on this canvas`);
        const title = node.data.title ?? '';
        const entityId = node.data.entityId ?? '';
        switch (node.type) {
          case 'memo':
            return { type: 'memo', title, content: node.data.contentPreview ?? '' };
          case 'document': {
            await accessFor(ctx.db).require(userActor(uid), 'read', 'document', [entityId]);
            return { type: 'document', title, content: await readDocumentMarkdown(collab, entityId) };
          }
          case 'resource': {
            const r = await loadResource(ctx.db, uid, entityId);
            return { type: 'resource', title: r.title, content: r.content ?? '' };
          }
          case 'codeArtifact': {
            const a = await loadCodeArtifact(ctx.db, uid, entityId);
            return { type: 'codeArtifact', title: a.title, language: a.language, content: a.content };
          }
          default:
            throw new Error(`Items of type ${node.type} cannot be read`);
        }
      },
    ),
    add_canvas_node: builtIn(
      env,
      state,
      'add_canvas_node',
      'Adds a memo (a short note) or a document (Markdown) to the canvas of this conversation.',
      z.object({
        type: z.enum(['memo', 'document']),
        title: z.string().max(200).default(''),
        content: z.string().min(1).max(100_000),
      }),
      async ({ type, title, content }) => {
        await accessFor(ctx.db).require(userActor(uid), 'write', 'canvas', [canvasId]);
        let entityId = '';
        if (type === 'document') {
          const doc = await new DocumentService(ctx.db, collab).create(uid, {
            title: title || 'Untitled',
            readOnly: false,
            initialContent: content,
            ...(env.projectId ? { projectId: env.projectId } : {}),
          });
          entityId = doc.docId;
          await env.artifact({ type: 'document', entityId, title: doc.title, status: 'finish' });
        }
        let nodeId = '';
        try {
          await collab.write(canvasDocName(canvasId), (doc) => {
            // beside this conversation's answer when it is on the canvas, by the placement rule
            // the web app uses too (@atelier/canvas placement.ts)
            const snapshot = getCanvasSnapshot(doc);
            const near = snapshot.nodes
              .filter((n) => n.type === 'skillResponse' && n.data.entityId === env.resultId)
              .map((n) => n.id);
            const position = newNodePosition(snapshot, { type }, { near });
            nodeId = addNode(
              doc,
              {
                type,
                position,
                data: {
                  title: type === 'memo' ? title : title || 'Untitled',
                  entityId,
                  contentPreview:
                    type === 'memo' ? content.slice(0, 10_000) : contentPreviewFromMarkdown(content),
                  metadata: { parentResultId: env.resultId },
                },
              },
              { maxNodes: ctx.config.CANVAS_MAX_NODES },
            ).id;
          });
        } catch (err) {
          if (err instanceof NodeLimitError) throw new Error(err.message);
          throw err;
        }
        return { added: type, nodeId, ...(entityId ? { docId: entityId } : {}) };
      },
    ),
  };
}

async function builtInTools(env: SkillRunEnv, state: AgentState): Promise<ToolSet> {
  const { ctx, uid } = env;
  const tools: ToolSet = {
    library_search: builtIn(
      env,
      state,
      'library_search',
      "Searches the user's library (resources, documents, canvases) and answers the best passages.",
      z.object({ query: z.string().min(1).max(2048), limit: z.number().int().min(1).max(20).optional() }),
      async ({ query, limit }) => {
        const mode = await preferredLibraryMode(ctx, uid);
        const req = { query, limit: limit ?? 8, ...(env.projectId ? { projectId: env.projectId } : {}) };
        const hits = await librarySources(ctx, uid, { ...req, mode }).catch((err: unknown) => {
          if (mode === 'keyword') throw err;
          return librarySources(ctx, uid, { ...req, mode: 'keyword' });
        });
        return hits.map((h) => ({
          title: h.title,
          entityType: h.metadata?.entityType,
          entityId: h.metadata?.entityId,
          text: h.pageContent,
        }));
      },
    ),
  };
  if (await resolveToolProvider(ctx, uid, 'webSearch').catch(() => null)) {
    tools.web_search = builtIn(
      env,
      state,
      'web_search',
      'Searches the web and answers titles, URLs and snippets.',
      z.object({ query: z.string().min(1).max(2048), limit: z.number().int().min(1).max(20).optional() }),
      async ({ query, limit }, signal) =>
        (await searchWeb(ctx, uid, { q: query, limit: limit ?? 8 }, signal)).map((r) => ({
          title: r.name,
          url: r.url,
          snippet: r.snippet,
        })),
    );
  }
  if (env.target.type === 'canvas' && env.target.id)
    Object.assign(tools, canvasTools(env, state, env.target.id));
  return tools;
}

export const agentSkill: SkillDefinition = {
  name: 'agent',
  displayName: { en: 'Agent', 'zh-CN': '智能体' },
  description:
    'Works step by step with tools: your MCP servers, library and web search, and the items of the canvas.',
  stepName: 'agent',
  configSchema: { items: [] },
  invocationConfig: { context: { rules: contextRules(), relation: 'regular' } },
  maxSteps: (config) => config.AGENT_MAX_STEPS,

  async check({ ctx, uid, selectedMcpServers, model }) {
    if (model && llmConfigOf(model).capabilities?.functionCall !== true) {
      throw new AppError('E2003', AGENT_NEEDS_TOOLS);
    }
    for (const name of new Set(selectedMcpServers)) {
      const row = await enabledServer({ ctx, uid }, name);
      if (!row.enabled) throw badRequest(`selectedMcpServers: "${name}" is not enabled; validate it first`);
    }
  },

  async tools({ env, selectedMcpServers }) {
    const state = stateOf(env);
    const tools = await builtInTools(env, state);
    const taken = new Set(Object.keys(tools));
    const names = [...new Set(selectedMcpServers)];
    if (!names.length) return tools;
    const pool = new McpClientPool(mcpClientOptions(env.ctx.config));
    state.pool = pool;
    const opened = await Promise.all(
      names.map(async (name) => {
        try {
          const row = await enabledServer(env, name);
          if (!row.enabled) throw new Error('the server is not enabled');
          // global servers are the operator's: they may be on private addresses, like global providers
          const conn = await pool.get(
            { ...targetOf(env, row), reconnect: row.reconnect },
            row.isGlobal ? { allowPrivateNetwork: true } : {},
          );
          return { row, conn, list: await conn.listTools() };
        } catch (err) {
          // the run goes on with the other tools; the log says why this server's are missing
          const error = err instanceof Error ? err.message : String(err);
          await env.log({ key: 'mcpServerFailed', titleArgs: { server: name }, descriptionArgs: { error } });
          return null;
        }
      }),
    );
    for (const got of opened) {
      if (got) Object.assign(tools, mcpTools(env, state, got.row, got.conn, got.list, taken));
    }
    return tools;
  },

  toolInfo(env, toolName, toolCallId) {
    const state = stateOf(env);
    const label = state.labels.get(toolName);
    const durationMs = state.durations.get(toolCallId);
    return {
      ...(label ? { tool: label.tool, server: label.server } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
    };
  },

  async cleanup(env) {
    const state = env.state.agent as AgentState | undefined;
    await state?.pool?.closeAll();
  },

  prompt: (input) =>
    withQuery(
      input,
      systemText(
        'You are an agent that completes the request step by step. Call the tools you are given when they help (several calls if needed), read their results, and then answer in Markdown. When a tool fails, say so or try another way; do not invent tool results.',
        input,
      ),
    ),
};
