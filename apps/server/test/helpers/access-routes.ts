/**
 * The routes of the contract that take an id, as rows for the access matrix (test/access.test.ts):
 * which kind of id each names, the code an id the caller may not use answers, and how to send
 * it. A new route that takes an id is one more row in ROUTES.
 *
 * Share ids: `share` is an owner-only ('off') share, so every share route (and the public
 * `/share/{id}` HTML and `/share/{id}/files/{name}` paths) must answer it like a missing id;
 * `publicShare` is an 'anyone' share, readable by design, so only the owner's routes (update,
 * delete) are tried with it. Routes open to everyone answer an anonymous caller like user B
 * (`anonymous`), not 401. The public paths answer HTML: their status stands for the code.
 */
import { randomBytes } from 'node:crypto';
import type { TestClient, Wrapped } from './http.js';

export type Kind =
  | 'canvas'
  | 'document'
  | 'resource'
  | 'codeArtifact'
  | 'project'
  | 'labelClass'
  | 'label'
  | 'reference'
  | 'actionResult'
  | 'provider'
  | 'providerItem'
  | 'share'
  | 'publicShare'
  | 'page'
  | 'template';

const PREFIX: Record<Kind, string> = {
  canvas: 'c',
  document: 'd',
  resource: 'r',
  codeArtifact: 'ca',
  project: 'p',
  labelClass: 'lc',
  label: 'lb',
  reference: 'rf',
  actionResult: 'ar',
  provider: 'pr',
  providerItem: 'pi',
  share: 'sh',
  publicShare: 'sh',
  page: 'pg',
  template: 'tpl',
};

/** The catalogue's not-found code of each kind. */
const NOT_FOUND: Record<Kind, string> = {
  canvas: 'E1000',
  document: 'E1003',
  resource: 'E1002',
  codeArtifact: 'E1013',
  project: 'E1014',
  labelClass: 'E1007',
  label: 'E1008',
  reference: 'E1004',
  actionResult: 'E1011',
  provider: 'E1015',
  providerItem: 'E1016',
  share: 'E1009',
  publicShare: 'E1009',
  page: 'E1010',
  template: 'E1009',
};

/** An id of this kind that nobody has. */
export const missing = (kind: Kind) => `${PREFIX[kind]}-${randomBytes(10).toString('hex')}`;

/** The caller's own things some requests need next to the id under test. */
export interface Mine {
  projectId: string;
  labelClassId: string;
}
export type Send = (client: TestClient, id: string, mine: Mine) => Promise<{ status: number; body: Wrapped }>;
export interface RouteCase {
  name: string;
  kind: Kind;
  /** What user B gets: this code (null: a success, answering exactly what a missing id does). */
  code: string | null;
  /** B's HTTP status (200: the API's wrapper). */
  status: number;
  /** What an anonymous caller gets (default: 401 E0011, the route needs a session). */
  anonymous: { status: number; code: string | null };
  send: Send;
}

const NEEDS_SESSION = { status: 401, code: 'E0011' };

const get =
  (path: string): Send =>
  (c, id) =>
    c.get(`/v1${path}${id}`);
const post =
  (path: string, body: (id: string, mine: Mine) => unknown): Send =>
  (c, id, mine) =>
    c.post(`/v1${path}`, body(id, mine));
const invoke = (extra: (id: string) => Record<string, unknown>) =>
  post('/skill/invoke', (id) => ({ input: { query: 'hi' }, ...extra(id) }));
const upload: Send = async (c, id) => {
  const fd = new FormData();
  fd.append('file', new Blob(['x']), 'x.txt');
  fd.append('entityType', 'document');
  fd.append('entityId', id);
  const res = await c.fetch('/v1/misc/upload', { method: 'POST', body: fd });
  return { status: res.status, body: (await res.json()) as Wrapped };
};
const items = (entityType: string, entityId: string) => [{ entityType, entityId }];
const row = (name: string, kind: Kind, send: Send, code: string | null = NOT_FOUND[kind]): RouteCase => ({
  name,
  kind,
  code,
  status: 200,
  anonymous: NEEDS_SESSION,
  send,
});
/** A route open to everyone: an anonymous caller gets what B gets. */
const open = (name: string, kind: Kind, send: Send): RouteCase => ({
  ...row(name, kind, send),
  anonymous: { status: 200, code: NOT_FOUND[kind] },
});
/** A request (with B's cookies or none) that is not an API call; answers its status and text. */
const page =
  (path: (id: string) => string, init?: { method: string; json?: unknown }): Send =>
  async (c, id) => {
    const res = await c.fetch(
      path(id),
      init
        ? {
            method: init.method,
            ...(init.json !== undefined
              ? { body: JSON.stringify(init.json), headers: { 'content-type': 'application/json' } }
              : {}),
          }
        : undefined,
    );
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('application/json');
    const body = json
      ? (JSON.parse(text) as Wrapped)
      : ({ success: res.ok, errCode: String(res.status), errMsg: text } as unknown as Wrapped);
    return { status: res.status, body };
  };
/** A public path answering HTML: 404 for a share B may not open, exactly as for a missing one. */
const publicPath = (name: string, path: (id: string) => string): RouteCase => ({
  name,
  kind: 'share',
  code: '404',
  status: 404,
  anonymous: { status: 404, code: '404' },
  send: page(path),
});
const pageRoute = (method: string, path: (id: string) => string, json?: unknown): Send =>
  page((id) => `/v1${path(id)}`, { method, json });

export const ROUTES: RouteCase[] = [
  row(
    'share new canvas',
    'canvas',
    post('/share/new', (entityId) => ({ entityType: 'canvas', entityId })),
  ),
  row(
    'share new document',
    'document',
    post('/share/new', (entityId) => ({ entityType: 'document', entityId })),
  ),
  row(
    'share new codeArtifact',
    'codeArtifact',
    post('/share/new', (entityId) => ({ entityType: 'codeArtifact', entityId })),
  ),
  row('pages of canvas', 'canvas', (c, id) => c.get(`/v1/pages/canvas/${id}`)),
  row('pages canvas add nodes', 'canvas', (c, id) =>
    c.post(`/v1/pages/canvas/${id}/nodes`, { nodeIds: ['n-1'] }),
  ),
  row('canvas detail', 'canvas', get('/canvas/detail?canvasId=')),
  row('canvas data', 'canvas', get('/canvas/data?canvasId=')),
  row('canvas export', 'canvas', get('/canvas/export?format=json&canvasId=')),
  row(
    'canvas update',
    'canvas',
    post('/canvas/update', (canvasId) => ({ canvasId, title: 'B' })),
  ),
  row(
    'canvas delete',
    'canvas',
    post('/canvas/delete', (canvasId) => ({ canvasId })),
  ),
  row(
    'canvas duplicate',
    'canvas',
    post('/canvas/duplicate', (canvasId) => ({ canvasId })),
  ),
  row(
    'canvas autoName',
    'canvas',
    post('/canvas/autoName', (canvasId) => ({ canvasId })),
  ),
  row(
    'canvas create projectId',
    'project',
    post('/canvas/create', (projectId) => ({ projectId })),
  ),
  row('document detail', 'document', get('/knowledge/document/detail?docId=')),
  row('document export', 'document', get('/knowledge/document/export/document?docId=')),
  row(
    'document update',
    'document',
    post('/knowledge/document/update', (docId) => ({ docId, title: 'B' })),
  ),
  row(
    'document batchUpdate',
    'document',
    post('/knowledge/document/batchUpdate', (docId) => ({ items: [{ docId, title: 'B' }] })),
  ),
  row(
    'document delete',
    'document',
    post('/knowledge/document/delete', (docId) => ({ docId })),
  ),
  row(
    'document create projectId',
    'project',
    post('/knowledge/document/create', (projectId) => ({ projectId })),
  ),
  row('resource detail', 'resource', get('/knowledge/resource/detail?resourceId=')),
  row(
    'resource update',
    'resource',
    post('/knowledge/resource/update', (resourceId) => ({ resourceId, title: 'B' })),
  ),
  row(
    'resource delete',
    'resource',
    post('/knowledge/resource/delete', (resourceId) => ({ resourceId })),
  ),
  row(
    'resource reindex',
    'resource',
    post('/knowledge/resource/reindex', (id) => ({ resourceIds: [id] })),
  ),
  row('code artifact detail', 'codeArtifact', get('/codeArtifact/detail?artifactId=')),
  row(
    'code artifact update',
    'codeArtifact',
    post('/codeArtifact/update', (artifactId) => ({ artifactId, title: 'B' })),
  ),
  row(
    'code artifact delete',
    'codeArtifact',
    post('/codeArtifact/delete', (artifactId) => ({ artifactId })),
  ),
  row('project detail', 'project', get('/project/detail?projectId=')),
  row(
    'project update',
    'project',
    post('/project/update', (projectId) => ({ projectId, name: 'B' })),
  ),
  row(
    'project delete',
    'project',
    post('/project/delete', (projectId) => ({ projectId })),
  ),
  row(
    'project updateItems: their canvas into my project',
    'canvas',
    post('/project/updateItems', (id, m) => ({
      projectId: m.projectId,
      operation: 'add',
      items: items('canvas', id),
    })),
  ),
  row(
    'project updateItems: their resource into my project',
    'resource',
    post('/project/updateItems', (id, m) => ({
      projectId: m.projectId,
      operation: 'add',
      items: items('resource', id),
    })),
  ),
  row(
    'project deleteItems: their document through my project',
    'document',
    post('/project/deleteItems', (id, m) => ({ projectId: m.projectId, items: items('document', id) })),
  ),
  row(
    'label class update',
    'labelClass',
    post('/label/class/update', (labelClassId) => ({ labelClassId, displayName: 'B' })),
  ),
  row(
    'label class delete',
    'labelClass',
    post('/label/class/delete', (labelClassId) => ({ labelClassId })),
  ),
  row(
    'label with their class',
    'labelClass',
    post('/label/instance/new', (labelClassId) => ({ labelClassId, value: 'High' })),
  ),
  row(
    'label their canvas',
    'canvas',
    post('/label/instance/new', (id, m) => ({
      labelClassId: m.labelClassId,
      value: 'High',
      entityType: 'canvas',
      entityId: id,
    })),
  ),
  row(
    'label instance update',
    'label',
    post('/label/instance/update', (labelId) => ({ labelId, value: 'Low' })),
  ),
  row(
    'label instance delete',
    'label',
    post('/label/instance/delete', (labelId) => ({ labelId })),
  ),
  row(
    'reference from their document',
    'document',
    post('/knowledge/reference/add', (id) => ({
      references: [{ sourceType: 'document', sourceId: id, targetType: 'document', targetId: `${id}x` }],
    })),
    'E1005',
  ),
  row(
    'reference delete',
    'reference',
    post('/knowledge/reference/delete', (id) => ({ referenceIds: [id] })),
  ),
  row(
    'skill invoke target',
    'canvas',
    invoke((entityId) => ({ target: { entityType: 'canvas', entityId } })),
  ),
  row(
    'skill invoke projectId',
    'project',
    invoke((projectId) => ({ projectId })),
  ),
  row(
    'skill invoke context document',
    'document',
    invoke((docId) => ({ context: { documents: [{ docId }] } })),
  ),
  row(
    'skill invoke context resource',
    'resource',
    invoke((resourceId) => ({ context: { resources: [{ resourceId }] } })),
  ),
  row(
    'skill invoke resultId (thread)',
    'actionResult',
    invoke((resultId) => ({ resultId })),
  ),
  row('action result', 'actionResult', get('/action/result?resultId=')),
  row(
    'action abort',
    'actionResult',
    post('/action/abort', (resultId) => ({ resultId })),
  ),
  row('upload entityId', 'document', upload),
  row(
    'library search projectId',
    'project',
    post('/search', (projectId) => ({ query: 'x', projectId })),
  ),
  row(
    'provider update',
    'provider',
    post('/provider/update', (providerId) => ({ providerId, name: 'B' })),
  ),
  row(
    'provider delete',
    'provider',
    post('/provider/delete', (providerId) => ({ providerId })),
  ),
  row(
    'provider item update',
    'providerItem',
    post('/provider/item/update', (itemId) => ({ itemId, name: 'B' })),
  ),
  row(
    'provider item delete',
    'providerItem',
    post('/provider/item/delete', (itemId) => ({ itemId })),
  ),
  row(
    'provider setup check',
    'provider',
    post('/provider/setup/check', (providerId) => ({ step: 'provider', providerId })),
  ),
  row(
    'provider setup check model',
    'providerItem',
    post('/provider/setup/check', (itemId) => ({ step: 'chatModel', itemId })),
  ),
  // ---- shares: A's owner-only link, and her public link for the owner's routes ----
  open('share detail', 'share', get('/share/detail?shareId=')),
  open('share child', 'share', (c, id) => c.get('/v1/share/child', { shareId: id, entityId: 'd-x' })),
  open('share liveToken', 'share', get('/share/liveToken?shareId=')),
  open('share export pdf', 'share', (c, id) => c.get('/v1/share/export', { shareId: id, format: 'pdf' })),
  open('share export pptx', 'share', (c, id) => c.get('/v1/share/export', { shareId: id, format: 'pptx' })),
  row(
    'share update',
    'share',
    post('/share/update', (shareId) => ({ shareId, title: 'B', access: 'anyone' })),
  ),
  row(
    'share delete',
    'share',
    post('/share/delete', (shareId) => ({ shareId })),
  ),
  row(
    'share duplicate',
    'share',
    post('/share/duplicate', (shareId) => ({ shareId })),
  ),
  row('share list by shareId', 'share', get('/share/list?shareId='), null),
  row(
    'public share update',
    'publicShare',
    post('/share/update', (shareId) => ({ shareId, access: 'off' })),
  ),
  row(
    'public share delete',
    'publicShare',
    post('/share/delete', (shareId) => ({ shareId })),
  ),
  row('public share list by shareId', 'publicShare', get('/share/list?shareId='), null),
  publicPath('share html', (id) => `/share/${id}`),
  publicPath('share file', (id) => `/share/${id}/files/img-0`),
  // ---- pages ----
  row('page detail', 'page', get('/pages/')),
  row(
    'page update',
    'page',
    pageRoute('PUT', (id) => `/pages/${id}`, { title: 'B' }),
  ),
  row(
    'page delete',
    'page',
    pageRoute('DELETE', (id) => `/pages/${id}`),
  ),
  row(
    'page remove node',
    'page',
    pageRoute('DELETE', (id) => `/pages/${id}/nodes/pnr-x`),
  ),
  row(
    'page share',
    'page',
    pageRoute('POST', (id) => `/pages/${id}/share`, {}),
  ),
  row(
    'page unpublish',
    'page',
    pageRoute('POST', (id) => `/pages/${id}/unpublish`, {}),
  ),
  row(
    'page export',
    'page',
    pageRoute('GET', (id) => `/pages/${id}/export?format=pdf`),
  ),
  row(
    'share new page',
    'page',
    post('/share/new', (entityId) => ({ entityType: 'page', entityId })),
  ),
  // ---- templates ----
  row(
    'template update',
    'template',
    post('/template/update', (templateId) => ({ templateId, title: 'B' })),
  ),
  row(
    'template republish',
    'template',
    post('/template/update', (templateId) => ({ templateId, republish: true })),
  ),
  row(
    'template delete',
    'template',
    post('/template/delete', (templateId) => ({ templateId })),
  ),
];
