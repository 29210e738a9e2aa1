/** Builds the OpenAPI 3.1 description of /v1 from the route table (served at /v1/openapi.json). */
import { z } from 'zod';
import { routeList } from './routes/index.js';
import type { RouteDef } from './route.js';
import type { ErrorCode } from './errors.js';

type JsonObject = Record<string, unknown>;

export interface OpenApiOptions {
  /** Server URL the paths are relative to (default `/v1`). */
  serverUrl?: string;
  /** API version shown in `info` (default the product version). */
  version?: string;
}

const PRODUCT_VERSION = '0.6.0';
const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Converts one zod schema. Nested `$defs` (recursive shapes such as mind maps) are moved to
 * `components.schemas` under `prefix`, because inside an OpenAPI document `#/$defs/…` would
 * resolve against the document root.
 */
export function zodToOpenApiSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  prefix: string,
  components: Record<string, unknown>,
): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  const root = JSON.parse(JSON.stringify(generated)) as JsonObject;
  delete root.$schema;
  const defs = isObject(root.$defs) ? root.$defs : {};
  delete root.$defs;
  let rootReferenced = false;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        if (value === '#') {
          rootReferenced = true;
          out[key] = `#/components/schemas/${prefix}`;
        } else if (value.startsWith('#/$defs/')) {
          out[key] = `#/components/schemas/${prefix}_${value.slice('#/$defs/'.length)}`;
        } else {
          out[key] = value;
        }
      } else {
        out[key] = rewrite(value);
      }
    }
    return out;
  };
  for (const [name, def] of Object.entries(defs)) components[`${prefix}_${name}`] = rewrite(def);
  const result = rewrite(root) as JsonObject;
  if (!rootReferenced) return result;
  components[prefix] = result;
  return { $ref: `#/components/schemas/${prefix}` };
}

function componentPrefix(route: RouteDef, role: string): string {
  return `${route.id.replace(/[^A-Za-z0-9]+/g, '_')}_${role}`;
}

function parameters(route: RouteDef, components: JsonObject): JsonObject[] {
  const result: JsonObject[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const json = zodToOpenApiSchema(schema, 'input', componentPrefix(route, where), components);
    const properties = isObject(json.properties) ? json.properties : {};
    const required = Array.isArray(json.required) ? (json.required as unknown[]) : [];
    for (const [name, propertySchema] of Object.entries(properties)) {
      const description = isObject(propertySchema) ? propertySchema.description : undefined;
      result.push({
        name,
        in: where,
        required: where === 'path' || required.includes(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: propertySchema,
      });
    }
  }
  return result;
}

function requestBody(route: RouteDef, components: JsonObject): JsonObject | undefined {
  if (route.requestKind === 'multipart') {
    const fields = route.body
      ? zodToOpenApiSchema(route.body, 'input', componentPrefix(route, 'body'), components)
      : {};
    const properties = isObject(fields.properties) ? fields.properties : {};
    const required = Array.isArray(fields.required) ? (fields.required as unknown[]) : [];
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              ...properties,
              file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
            },
            required: [...required, 'file'],
          },
        },
      },
    };
  }
  if (!route.body) return undefined;
  return {
    required: true,
    content: {
      'application/json': {
        schema: zodToOpenApiSchema(route.body, 'input', componentPrefix(route, 'body'), components),
      },
    },
  };
}

function wrapperSchema(data: JsonObject): JsonObject {
  return {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      errCode: { type: 'string', description: 'Catalogue code when success is false' },
      errMsg: { type: 'string' },
      traceId: { type: 'string' },
      stack: { type: 'string' },
      data,
    },
    required: ['success', 'traceId'],
  };
}

function responses(route: RouteDef, components: JsonObject): JsonObject {
  const kind = route.responseKind ?? 'json';
  const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } };
  const common = {
    '401': {
      description: 'Not signed in or session expired (E0011); the client refreshes once',
      content: errorBody,
    },
    '429': { description: 'Rate limited (E0010)', content: errorBody },
  };
  if (kind === 'redirect') {
    return {
      '302': { description: 'Redirect', headers: { Location: { schema: { type: 'string' } } } },
      ...common,
    };
  }
  if (kind === 'file') {
    return {
      '200': {
        description: 'The file',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      },
      ...common,
    };
  }
  const data = zodToOpenApiSchema(route.response, 'output', componentPrefix(route, 'response'), components);
  if (kind === 'sse') {
    return {
      '200': {
        description: 'Server-Sent Events: each `data:` line is one JSON event of `x-event-schema`',
        content: { 'text/event-stream': { schema: { type: 'string' }, 'x-event-schema': data } },
      },
      ...common,
    };
  }
  return {
    '200': {
      description: 'Wrapped answer; business errors are success false with a catalogue errCode (HTTP 200)',
      content: { 'application/json': { schema: wrapperSchema(data) } },
    },
    ...common,
  };
}

/** Codes a route may answer: its own, plus E0011 for signed-in routes and E2005 for JSON bodies. */
function errorCodes(route: RouteDef): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors);
  if (route.auth === 'user') codes.add('E0011');
  if (route.body && route.requestKind !== 'multipart') codes.add('E2005');
  return [...codes].sort();
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): object {
  const components: JsonObject = { ErrorResponse: wrapperSchema({}) };
  const paths: Record<string, JsonObject> = {};
  const tags = new Set<string>();
  for (const route of routeList as readonly RouteDef[]) {
    tags.add(route.tag);
    const operation: JsonObject = {
      operationId: route.id,
      summary: route.summary,
      tags: [route.tag],
      parameters: parameters(route, components),
      responses: responses(route, components),
      'x-error-codes': errorCodes(route),
      'x-auth': route.auth,
    };
    const body = requestBody(route, components);
    if (body) operation.requestBody = body;
    if (route.extension) operation['x-extension'] = true;
    const pathItem = paths[route.path] ?? {};
    pathItem[route.method.toLowerCase()] = operation;
    paths[route.path] = pathItem;
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'Atelier API',
      version: options.version ?? PRODUCT_VERSION,
      description:
        'Every answer is wrapped as {success, errCode?, errMsg?, traceId, data?}. Sessions are httpOnly cookies.',
    },
    servers: [{ url: options.serverUrl ?? '/v1' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { schemas: components },
  };
}
