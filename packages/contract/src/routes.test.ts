// The route table covers spec section 7 exactly once per call, with consistent ids, codes and params.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SkillEventSchema } from './entities/skill-event.js';
import { ERROR_CATALOGUE } from './errors.js';
import type { RouteDef } from './route.js';
import { routeIndexEntry } from './route-lite.js';
import { routeList, routes } from './routes/index.js';
import { routeIndex } from './routes/route-index.js';
import { SPEC_SECTION_7_CALLS } from './spec-calls.fixture.js';

const all = routeList as readonly RouteDef[];
const key = (route: RouteDef) => `${route.method} ${route.path}`;

describe('route table', () => {
  it('transcribes 116 calls from spec section 7, none twice', () => {
    expect(SPEC_SECTION_7_CALLS).toHaveLength(116);
    expect(new Set(SPEC_SECTION_7_CALLS).size).toBe(SPEC_SECTION_7_CALLS.length);
  });

  it.each(SPEC_SECTION_7_CALLS)('has %s exactly once', (call) => {
    expect(all.filter((route) => key(route) === call)).toHaveLength(1);
  });

  it('marks every route beyond section 7 as an extension, and none of section 7', () => {
    const spec = new Set<string>(SPEC_SECTION_7_CALLS);
    for (const route of all) expect(route.extension === true, key(route)).toBe(!spec.has(key(route)));
    expect(all.filter((route) => route.extension).map(key)).toContain('GET /codeArtifact/list');
  });

  it('has no two routes on the same method and path', () => {
    const keys = all.map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keys every route by its own unique id', () => {
    for (const [id, route] of Object.entries(routes)) expect(route.id).toBe(id);
    expect(new Set(all.map((route) => route.id)).size).toBe(all.length);
  });

  it('has a schema-free index for the browser client that matches the table (regenerate: scripts/route-index.ts)', () => {
    expect(routeIndex).toEqual(Object.fromEntries(all.map((route) => [route.id, routeIndexEntry(route)])));
  });

  it('answers only catalogue codes', () => {
    for (const route of all) {
      for (const code of route.errors) expect(Object.keys(ERROR_CATALOGUE), `${route.id}`).toContain(code);
    }
  });

  it('has a params schema key for every {param} of a path, and no extra ones', () => {
    for (const route of all) {
      const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const shape = route.params instanceof z.ZodObject ? Object.keys(route.params.shape) : [];
      expect(shape.sort(), route.id).toEqual(names.sort());
    }
  });

  it('takes GET inputs from the query, never from a body', () => {
    for (const route of all.filter((r) => r.method === 'GET')) expect(route.body, route.id).toBeUndefined();
  });

  it('gives list routes an array answer, and the library lists paging', () => {
    const lists = all.filter((route) => route.method === 'GET' && /\/list$|^\/pages$/.test(route.path));
    expect(lists.length).toBeGreaterThanOrEqual(19);
    for (const route of lists) expect(route.response, route.id).toBeInstanceOf(z.ZodArray);
    const paged = [
      'canvas.list',
      'pages.list',
      'knowledge.resource.list',
      'knowledge.document.list',
      'project.list',
      'action.list',
    ] as const;
    for (const id of paged) expect(routes[id].query.parse({}), id).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('declares the special request and response kinds', () => {
    expect(routes['skill.streamInvoke'].responseKind).toBe('sse');
    expect(routes['skill.streamInvoke'].response).toBe(SkillEventSchema);
    expect(routes['knowledge.document.export'].responseKind).toBe('file');
    expect(routes['canvas.export'].responseKind).toBe('file');
    expect(routes['knowledge.resource.createWithFile'].requestKind).toBe('multipart');
    expect(routes['misc.convert'].requestKind).toBe('multipart');
    expect(routes['misc.upload'].requestKind).toBe('multipart');
  });

  it('coerces query strings for numbers and booleans', () => {
    expect(routes['canvas.list'].query.parse({ page: '3', pageSize: '50' })).toMatchObject({
      page: 3,
      pageSize: 50,
    });
    expect(routes['mcpServer.list'].query.parse({ enabled: 'false' })).toEqual({ enabled: false });
    expect(routes['mcpServer.list'].query.parse({ enabled: 'true' })).toEqual({ enabled: true });
    expect(routes['canvas.list'].query.safeParse({ pageSize: '1000' }).success).toBe(false);
    expect(routes['knowledge.document.export'].query.parse({ docId: 'd-1' })).toEqual({
      docId: 'd-1',
      format: 'md',
    });
    expect(routes['canvas.export'].query.safeParse({ canvasId: 'c-1', format: 'svg' }).success).toBe(false);
  });

  it('defaults the invoke skill name to commonQnA and takes exactly the spec fields', () => {
    const body = routes['skill.invoke'].body.parse({ input: { query: 'hello' } });
    expect(body.skillName).toBe('commonQnA');
    expect(Object.keys(routes['skill.invoke'].body.shape).sort()).toEqual(
      [
        'input',
        'context',
        'resultHistory',
        'runtimeConfig',
        'tplConfig',
        'skillName',
        'target',
        'projectId',
        'resultId',
        'locale',
        'modelItemId',
        'skillId',
        'triggerId',
        'selectedMcpServers',
      ].sort(),
    );
    expect(routes['skill.streamInvoke'].body).toBe(routes['skill.invoke'].body);
  });

  it('reads /search as a library search by default and as a web search with source web', () => {
    const search = routes['search.query'].body;
    expect(search.parse({ query: 'pgvector' })).toEqual({ query: 'pgvector', mode: 'keyword', limit: 5 });
    expect(search.parse({ source: 'web', q: 'pgvector' })).toEqual({
      source: 'web',
      q: 'pgvector',
      limit: 10,
    });
    expect(search.safeParse({ query: '' }).success).toBe(false);
  });
});
