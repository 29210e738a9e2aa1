/**
 * Atelier as an MCP server (issue 12, point 10): `POST /mcp` speaks the streamable-HTTP
 * transport of `@modelcontextprotocol/sdk`, stateless (one server and transport per request,
 * JSON answers, no session id), so any process of a scaled-out deployment can answer any call.
 * `GET` and `DELETE /mcp` answer 405: without sessions there is no stream to open or end.
 *
 * The caller is a personal API token (`Authorization: Bearer atl_…`), never a cookie (a browser
 * page of another site could otherwise drive the tools). Every tool calls the `/v1` route handler
 * that the web app calls, with the body validated by the contract's schema and the token's scope
 * checked as on `/v1` (api-token-scope.ts), so the access policy and the services are the same.
 * A `read` token is offered the read tools only. A business error becomes an MCP tool error with
 * the catalogue message; arguments holding a NUL are refused with E0003 (http/input-check.ts).
 * Arguments that do not fit a tool answer E0003 naming the field, and params of the wrong shape
 * JSON-RPC's invalid params, both before the SDK sees the request (checkRequest).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
// The MCP server SDK is loaded on the first `POST /mcp`, not at start (idle RSS, docs/benchmarks.md).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  addNode,
  getCanvasSnapshot,
  newNodePosition,
  NodeLimitError,
  type CanvasNodeType,
} from '@atelier/canvas';
import {
  LIMITS,
  errorMessage,
  routes,
  type RouteDef,
  type RouteId,
  type RouteResponse,
  type Routes,
} from '@atelier/contract';
import { AppError } from '../../lib/errors.js';
import { assertTokenMayCall } from '../../http/api-token-scope.js';
import { rejectNul, wellFormed } from '../../http/input-check.js';
import type { AuthUser, Authenticate, Handlers } from '../../http/register.js';
import type { AppContext } from '../../context.js';
import type { Services } from '../../services.js';
import { accessFor, userActor } from '../access/access.js';
import { canvasDocName } from '../../collab/index.js';

export const MCP_PATH = '/mcp';
const SERVER_INFO = { name: 'atelier', version: '1.0.0' };
/** How much of a document or resource a read tool answers (the rest is cut with a note). */
const MAX_READ_CHARS = LIMITS.maxContentChars;

type TokenUser = AuthUser & { apiToken: NonNullable<AuthUser['apiToken']> };

interface ToolDeps {
  ctx: AppContext;
  services: Services;
  handlers: Handlers;
  user: TokenUser;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Calls a `/v1` route's handler as the token's user: input parsed by the contract, scope checked. */
async function callRoute<K extends RouteId>(
  deps: ToolDeps,
  id: K,
  input: { body?: unknown; query?: unknown },
): Promise<RouteResponse<Routes[K]>> {
  const def: RouteDef = routes[id];
  assertTokenMayCall(def, deps.user.apiToken.scope);
  const handler = deps.handlers[id] as ((ctx: Record<string, unknown>) => Promise<unknown>) | undefined;
  if (!handler) throw new AppError('E0000', `Not implemented: ${id}`);
  const parse = (schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return undefined;
    const result = schema.safeParse(value ?? {});
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new AppError('E0003', `${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`);
    }
    return result.data;
  };
  const result = await handler({
    body: parse(def.body, input.body),
    query: parse(def.query, input.query),
    params: {},
    user: deps.user,
    req: deps.req,
    reply: deps.reply,
    traceId: String(deps.req.id),
  });
  return result as RouteResponse<Routes[K]>;
}

const textContent = (value: unknown) => ({
  content: [
    { type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) },
  ],
});
const text = textContent;

function toolError(err: unknown, deps: ToolDeps) {
  let message: string;
  if (err instanceof AppError) message = `${err.code}: ${err.message}`;
  else if (err instanceof NodeLimitError) message = `E0003: ${err.message}`;
  else {
    deps.req.log.warn({ err }, 'MCP tool failed');
    message = `E0000: ${errorMessage('E0000')}`;
  }
  return { ...text(message), isError: true };
}

function cut(value: string | null | undefined): string {
  const s = value ?? '';
  return s.length > MAX_READ_CHARS
    ? `${s.slice(0, MAX_READ_CHARS)}\n\n[cut at ${MAX_READ_CHARS} characters]`
    : s;
}

/** Adds a node to the right of what the canvas holds, through the live canvas (open tabs see it). */
async function placeOnCanvas(
  deps: ToolDeps,
  canvasId: string,
  node: { type: CanvasNodeType; title: string; entityId?: string; contentPreview?: string },
) {
  await accessFor(deps.ctx.db).require(userActor(deps.user.uid), 'write', 'canvas', [canvasId]);
  let added: { id: string } | undefined;
  await deps.services.collab.write(canvasDocName(canvasId), (doc) => {
    // the placement rule the web app uses too (@atelier/canvas placement.ts)
    const position = newNodePosition(getCanvasSnapshot(doc), { type: node.type });
    added = addNode(
      doc,
      {
        type: node.type,
        position,
        data: {
          title: node.title,
          entityId: node.entityId ?? '',
          contentPreview: (node.contentPreview ?? '').slice(0, 300),
        },
      },
      { maxNodes: deps.services.canvases.maxNodes },
    );
  });
  return { canvasId, nodeId: added!.id, type: node.type };
}

const id = z.string().min(1).max(128);

/**
 * Each tool's arguments (zod shapes, listed to clients as JSON Schema). Also read before the SDK
 * sees a call (checkMessage): arguments that do not fit answer a tool error E0003 naming the field.
 */
const TOOL_INPUTS = {
  search_library: {
    query: z.string().min(1).max(2048),
    domains: z
      .array(z.enum(['resource', 'document', 'canvas']))
      .min(1)
      .max(3)
      .optional(),
    limit: z.number().int().min(1).max(50).optional(),
  },
  list_canvases: {
    page: z.number().int().min(1).optional(),
    pageSize: z.number().int().min(1).max(100).optional(),
  },
  read_canvas: { canvasId: id },
  read_document: { docId: id },
  read_resource: { resourceId: id },
  create_memo: { canvasId: id, text: z.string().min(1).max(LIMITS.maxContentChars) },
  create_document: {
    title: z.string().min(1).max(512),
    content: z.string().max(LIMITS.maxContentChars).optional(),
    canvasId: id.optional(),
  },
  create_resource: {
    kind: z.enum(['text', 'weblink']),
    title: z.string().min(1).max(512).optional(),
    content: z.string().max(LIMITS.maxContentChars).optional(),
    url: z.string().url().max(2048).optional(),
  },
  add_node_to_canvas: { canvasId: id, entityType: z.enum(['document', 'resource']), entityId: id },
} satisfies Record<string, z.ZodRawShape>;

/** The tools a read-write token is offered beyond the read tools. */
const WRITE_TOOLS = new Set(['create_memo', 'create_document', 'create_resource', 'add_node_to_canvas']);

async function buildMcpServer(deps: ToolDeps): Promise<McpServer> {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new McpServer(SERVER_INFO, {
    instructions:
      "Tools over the signed-in user's Atelier workspace: search the library, read canvases, " +
      'documents and resources, and (with a read-write token) create memos, documents and ' +
      'resources and put them on canvases.',
  });
  const writes = deps.user.apiToken.scope === 'read-write';
  const run =
    <A>(fn: (args: A) => Promise<unknown>) =>
    async (args: A) => {
      try {
        // no NUL in any argument (PostgreSQL text cannot hold it): E0003, as on /v1
        rejectNul(args, 'arguments');
        // lone surrogates become U+FFFD, as on /v1 (jsonb refuses their escape)
        return text(await fn(wellFormed(args)));
      } catch (err) {
        return toolError(err, deps);
      }
    };

  server.registerTool(
    'search_library',
    {
      description:
        'Search your library (documents, resources, canvases) with hybrid keyword and semantic search.',
      inputSchema: TOOL_INPUTS.search_library,
      annotations: { readOnlyHint: true },
    },
    run(async ({ query, domains, limit }) => {
      const body = {
        source: 'library',
        query,
        mode: 'hybrid',
        ...(domains ? { domains } : {}),
        ...(limit ? { limit } : {}),
      };
      try {
        return await callRoute(deps, 'search.query', { body });
      } catch (err) {
        // no embedding model configured: keyword search still answers
        if (err instanceof AppError && err.code === 'E0015') {
          return callRoute(deps, 'search.query', { body: { ...body, mode: 'keyword' } });
        }
        throw err;
      }
    }),
  );
  server.registerTool(
    'list_canvases',
    {
      description: 'List your canvases, newest first.',
      inputSchema: TOOL_INPUTS.list_canvases,
      annotations: { readOnlyHint: true },
    },
    run(async ({ page, pageSize }) => {
      const rows = await callRoute(deps, 'canvas.list', {
        query: { page: page ?? 1, pageSize: pageSize ?? 20 },
      });
      return rows.map((c) => ({ canvasId: c.canvasId, title: c.title, updatedAt: c.updatedAt }));
    }),
  );
  server.registerTool(
    'read_canvas',
    {
      description: "A canvas's nodes (type, title, entity id, preview) and the edges between them.",
      inputSchema: TOOL_INPUTS.read_canvas,
      annotations: { readOnlyHint: true },
    },
    run(async ({ canvasId }) => {
      const data = await callRoute(deps, 'canvas.data', { query: { canvasId } });
      return {
        canvasId,
        title: data.title,
        nodes: data.nodes.map((n) => ({
          nodeId: n.id,
          type: n.type,
          title: n.data.title,
          ...(n.data.entityId ? { entityId: n.data.entityId } : {}),
          preview: n.data.contentPreview,
        })),
        edges: data.edges.map((e) => ({ source: e.source, target: e.target })),
      };
    }),
  );
  server.registerTool(
    'read_document',
    {
      description: 'A document of yours as Markdown.',
      inputSchema: TOOL_INPUTS.read_document,
      annotations: { readOnlyHint: true },
    },
    run(async ({ docId }) => {
      const doc = await callRoute(deps, 'knowledge.document.detail', { query: { docId } });
      return { docId: doc.docId, title: doc.title, content: cut(doc.content) };
    }),
  );
  server.registerTool(
    'read_resource',
    {
      description: 'A resource of yours (pasted text, a web page, a file) as text.',
      inputSchema: TOOL_INPUTS.read_resource,
      annotations: { readOnlyHint: true },
    },
    run(async ({ resourceId }) => {
      const r = await callRoute(deps, 'knowledge.resource.detail', { query: { resourceId } });
      return {
        resourceId: r.resourceId,
        title: r.title,
        resourceType: r.resourceType,
        indexStatus: r.indexStatus,
        ...(r.data?.url ? { url: r.data.url } : {}),
        content: cut(r.content),
      };
    }),
  );
  if (!writes) return server;

  server.registerTool(
    'create_memo',
    {
      description: 'Put a memo (a short plain-text note) on one of your canvases.',
      inputSchema: TOOL_INPUTS.create_memo,
    },
    run(async ({ canvasId, text: memo }) =>
      placeOnCanvas(deps, canvasId, { type: 'memo', title: '', contentPreview: memo }),
    ),
  );
  server.registerTool(
    'create_document',
    {
      description: 'Create a document from Markdown; optionally put it on a canvas.',
      inputSchema: TOOL_INPUTS.create_document,
    },
    run(async ({ title, content, canvasId }) => {
      const doc = await callRoute(deps, 'knowledge.document.create', {
        body: { title, ...(content ? { initialContent: content } : {}) },
      });
      const node = canvasId
        ? await placeOnCanvas(deps, canvasId, {
            type: 'document',
            title: doc.title,
            entityId: doc.docId,
            contentPreview: doc.contentPreview ?? content ?? '',
          })
        : undefined;
      return { docId: doc.docId, title: doc.title, ...(node ? { node } : {}) };
    }),
  );
  server.registerTool(
    'create_resource',
    {
      description:
        'Add a resource to your library: pasted text, or a web link that Atelier fetches and indexes.',
      inputSchema: TOOL_INPUTS.create_resource,
    },
    run(async ({ kind, title, content, url }) => {
      const body =
        kind === 'text'
          ? { resourceType: 'text', title: title ?? 'Untitled', content }
          : // without a title a link is saved under its address, as the web's import does; the
            // page's own title is kept in data.title when it is parsed and shown in its place
            { resourceType: 'weblink', title: title ?? url ?? 'Untitled', data: { url } };
      const r = await callRoute(deps, 'knowledge.resource.create', { body });
      return { resourceId: r.resourceId, title: r.title, indexStatus: r.indexStatus };
    }),
  );
  server.registerTool(
    'add_node_to_canvas',
    {
      description: 'Put an existing document or resource of yours on one of your canvases.',
      inputSchema: TOOL_INPUTS.add_node_to_canvas,
    },
    run(async ({ canvasId, entityType, entityId }) => {
      if (entityType === 'document') {
        const doc = await callRoute(deps, 'knowledge.document.detail', { query: { docId: entityId } });
        return placeOnCanvas(deps, canvasId, {
          type: 'document',
          title: doc.title,
          entityId,
          contentPreview: doc.contentPreview ?? '',
        });
      }
      const r = await callRoute(deps, 'knowledge.resource.detail', { query: { resourceId: entityId } });
      return placeOnCanvas(deps, canvasId, {
        type: 'resource',
        title: r.title,
        entityId,
        contentPreview: r.contentPreview ?? '',
      });
    }),
  );
  return server;
}

type ToolName = keyof typeof TOOL_INPUTS;
const TOOL_ARGUMENTS: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(TOOL_INPUTS).map(([name, shape]) => [name, z.object(shape)]),
);
const isToolName = (name: unknown): name is ToolName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(TOOL_INPUTS, name);

/** JSON-RPC's "invalid params": the request is well formed but its params are not. */
const INVALID_PARAMS = -32602;

function firstIssue(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || where}: ${issue?.message ?? 'invalid'}`;
}

/** The SDK's request schemas of the methods this server answers (loaded with the SDK). */
async function requestSchemas(): Promise<Record<string, z.ZodType>> {
  const types = await import('@modelcontextprotocol/sdk/types.js');
  return {
    initialize: types.InitializeRequestSchema,
    ping: types.PingRequestSchema,
    'tools/list': types.ListToolsRequestSchema,
    'tools/call': types.CallToolRequestSchema,
  } as unknown as Record<string, z.ZodType>;
}

/**
 * Checks one JSON-RPC request before the SDK sees it; answers the message to send instead, or
 * null to hand it on. Params of the wrong shape (tools/call with `arguments: []`) answer
 * invalid params naming the field: the SDK parsed them inside its handler and answered -32603,
 * an internal error, with a dump of zod issues. With `tools`, a call of a tool this token is not
 * offered answers a tool error (E0016 for a write tool and a read token, E0003 for no such tool)
 * and arguments that do not fit the tool answer E0003 naming the field, like the tools' own
 * refusals; without it (a batch) those are left to the SDK.
 */
function checkRequest(
  message: unknown,
  schemas: Record<string, z.ZodType>,
  tools: { writes: boolean } | null,
): unknown {
  if (!message || typeof message !== 'object' || Array.isArray(message)) return null;
  const { id, method } = message as { id?: unknown; method?: unknown };
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof method !== 'string') return null;
  const schema = Object.prototype.hasOwnProperty.call(schemas, method) ? schemas[method] : undefined;
  if (!schema) return null;
  const parsed = schema.safeParse(message);
  if (!parsed.success) {
    return {
      jsonrpc: '2.0',
      id,
      error: { code: INVALID_PARAMS, message: firstIssue(parsed.error, 'params') },
    };
  }
  if (method !== 'tools/call' || !tools) return null;
  const toolError = (text: string) => ({
    jsonrpc: '2.0',
    id,
    result: { ...textContent(text), isError: true },
  });
  const { name, arguments: args } = (message as { params: { name: string; arguments?: unknown } }).params;
  if (!isToolName(name)) return toolError(`E0003: params.name: no tool is named ${JSON.stringify(name)}`);
  if (WRITE_TOOLS.has(name) && !tools.writes) return toolError(`E0016: ${errorMessage('E0016')}`);
  const checked = TOOL_ARGUMENTS[name]!.safeParse(args ?? {});
  return checked.success ? null : toolError(`E0003: ${firstIssue(checked.error, 'arguments')}`);
}

function rpcError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.status(status).send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

export function registerMcpEndpoint(
  app: FastifyInstance,
  opts: { ctx: AppContext; services: Services; handlers: Handlers; authenticate: Authenticate },
): void {
  app.post(MCP_PATH, async (req, reply) => {
    const header = req.headers.authorization ?? '';
    const user = header.startsWith('Bearer atl_') ? await opts.authenticate(req) : null;
    if (!user?.apiToken) {
      reply.header('www-authenticate', 'Bearer realm="atelier"');
      return rpcError(reply, 401, -32001, 'A personal API token is required: Authorization: Bearer atl_…');
    }
    const deps: ToolDeps = { ...opts, user: user as TokenUser, req, reply };
    // requests whose params or tool arguments do not fit are answered here (checkRequest)
    const schemas = await requestSchemas();
    const writes = deps.user.apiToken.scope === 'read-write';
    if (Array.isArray(req.body)) {
      const refused = req.body.map((m) => checkRequest(m, schemas, null)).findIndex((a) => a !== null);
      if (refused >= 0) {
        const answer = checkRequest(req.body[refused], schemas, null) as { error: { message: string } };
        return rpcError(reply, 400, INVALID_PARAMS, `Batch message ${refused}: ${answer.error.message}`);
      }
    } else {
      const answer = checkRequest(req.body, schemas, { writes });
      if (answer) return reply.status(200).type('application/json; charset=utf-8').send(answer);
    }
    const server = await buildMcpServer(deps);
    const { StreamableHTTPServerTransport } =
      await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(req.raw, reply.raw, req.body);
    return reply;
  });
  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', 'POST');
    return rpcError(reply, 405, -32000, 'Method not allowed: this MCP server is stateless (POST only)');
  };
  app.get(MCP_PATH, notAllowed);
  app.delete(MCP_PATH, notAllowed);
}
