// The OpenAPI 3.1 document is generated from the route table without losing or breaking a route.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MindMapNodeSchema } from './entities/code-artifact.js';
import { buildOpenApiDocument, zodToOpenApiSchema } from './openapi.js';
import type { RouteDef } from './route.js';
import { routeList } from './routes/index.js';
import { SPEC_SECTION_7_CALLS } from './spec-calls.fixture.js';

interface Operation {
  operationId: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
  };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  'x-error-codes': string[];
}
interface Doc {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

const doc = buildOpenApiDocument() as Doc;
const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
const op = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
};

function collectRefs(node: unknown, into: string[]): string[] {
  if (Array.isArray(node)) node.forEach((item) => collectRefs(item, into));
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') into.push(v);
      else collectRefs(v, into);
    }
  }
  return into;
}

describe('buildOpenApiDocument', () => {
  it('builds an OpenAPI 3.1 document served under /v1 that survives JSON', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toBe('/v1');
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it.each(SPEC_SECTION_7_CALLS)('describes %s', (call) => {
    const [method = '', path = ''] = call.split(' ');
    expect(op(method, path).operationId).toBeTruthy();
  });

  it('has one operation per route, with unique operationIds equal to route ids', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(ids).toHaveLength(routeList.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual((routeList as readonly RouteDef[]).map((route) => route.id).sort());
  });

  it('resolves every $ref inside the document', () => {
    for (const ref of collectRefs(doc, [])) {
      expect(ref.startsWith('#/components/schemas/'), ref).toBe(true);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
  });

  it('wraps JSON answers and lists the error codes', () => {
    const create = op('POST', '/canvas/create');
    const schema = create.responses['200']?.content?.['application/json']?.schema;
    expect(schema?.required).toEqual(['success', 'traceId']);
    expect(Object.keys((schema?.properties ?? {}) as object)).toContain('data');
    expect(create['x-error-codes']).toEqual(expect.arrayContaining(['E0003', 'E0011', 'E1014']));
    expect(create.tags).toEqual(['canvas']);
  });

  it('uses multipart with a binary file part, event streams and octet streams where due', () => {
    const upload = op('POST', '/knowledge/resource/createWithFile').requestBody?.content[
      'multipart/form-data'
    ]?.schema;
    expect(upload?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload?.required).toContain('file');
    expect(op('POST', '/skill/streamInvoke').responses['200']?.content).toHaveProperty(['text/event-stream']);
    expect(op('GET', '/canvas/export').responses['200']?.content).toHaveProperty([
      'application/octet-stream',
    ]);
    expect(op('GET', '/knowledge/document/export/document').responses['200']?.content).toHaveProperty([
      'application/octet-stream',
    ]);
  });

  it('turns params and query into parameters', () => {
    expect(op('DELETE', '/pages/{pageId}/nodes/{nodeId}').parameters).toEqual([
      expect.objectContaining({ name: 'pageId', in: 'path', required: true }),
      expect.objectContaining({ name: 'nodeId', in: 'path', required: true }),
    ]);
    const exportParams = op('GET', '/canvas/export').parameters;
    expect(exportParams).toEqual([
      expect.objectContaining({ name: 'canvasId', in: 'query', required: true }),
      expect.objectContaining({ name: 'format', in: 'query', required: false }),
    ]);
  });
});

describe('zodToOpenApiSchema', () => {
  it('moves recursive definitions into components so refs resolve in the document', () => {
    const components: Record<string, unknown> = {};
    const schema = zodToOpenApiSchema(MindMapNodeSchema, 'input', 'MindMap', components);
    expect(schema).toEqual({ $ref: '#/components/schemas/MindMap' });
    for (const ref of collectRefs(components, [])) {
      expect(components[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
    const wrapped = zodToOpenApiSchema(
      z.object({ a: MindMapNodeSchema, b: MindMapNodeSchema }),
      'output',
      'Pair',
      components,
    );
    for (const ref of collectRefs(wrapped, [])) {
      expect(components[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
  });
});
