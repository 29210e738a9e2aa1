/**
 * Test factories.
 *
 * - `buildUser` signs a new account up through the same flow a person uses (signup → code from
 *   the development outbox → check) and hands back a signed-in user whose `post`/`get` are THE
 *   way tests call the API (`expectData(await alice.post('/v1/canvas/create', { title }))`);
 *   `loginAs` signs an existing account in with a fresh client.
 * - `buildCanvas`, `buildDocument`, `buildResource`, `buildProject`, `buildCodeArtifact` make an
 *   item owned by a user without HTTP: they validate the input with the contract's schema and call
 *   the server's own route handler (its services and repositories), so the row is what the API
 *   would have made. Use them for set-up; test the create routes themselves over HTTP.
 */
import { randomBytes } from 'node:crypto';
import {
  routes,
  type Canvas,
  type CodeArtifact,
  type Document,
  type Project,
  type Resource,
  type RouteBodyInput,
  type RouteId,
  type RouteResponse,
  type Routes,
} from '@atelier/contract';
import type { Answer, Query, TestClient } from './http.js';
import type { TestServer } from './server.js';

export interface BuiltUser {
  /** A client holding this user's session cookies. */
  client: TestClient;
  uid: string;
  email: string;
  password: string;
  /** The server this user belongs to (the item factories make things there). */
  server: TestServer;
  /** `client.post`: POST JSON to a full path ('/v1/…'), answering `{ status, body }`. */
  post<T = unknown>(path: string, body?: unknown): Promise<Answer<T>>;
  /** `client.get`: GET a full path with an optional query, answering `{ status, body }`. */
  get<T = unknown>(path: string, query?: Query): Promise<Answer<T>>;
}

/** The user record for a signed-in client. */
export function asUser(
  server: TestServer,
  client: TestClient,
  fields: Pick<BuiltUser, 'uid' | 'email' | 'password'>,
): BuiltUser {
  return { client, server, ...fields, post: client.post, get: client.get };
}

export interface BuildUserOptions {
  email?: string;
  password?: string;
}

let counter = 0;

/** A fresh address per call: unique across test files running in parallel. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(4).toString('hex')}@example.test`;
}

export async function buildUser(
  testServer: TestServer,
  overrides: BuildUserOptions = {},
): Promise<BuiltUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const client = testServer.client();
  // Each built user signs up from its own address (X-Forwarded-For; the app trusts the proxy
  // header), so a test can build many users without tripping the per-IP auth rate limit.
  const ip = `10.${randomBytes(3).join('.')}`;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await client.fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
    const json = (await res.json()) as { success: boolean; errCode?: string; errMsg?: string; data?: T };
    if (!json.success || json.data === undefined) {
      throw new Error(`buildUser: ${path} failed (${res.status} ${json.errCode ?? ''} ${json.errMsg ?? ''})`);
    }
    return json.data;
  };

  const signup = await post<{ sessionId?: string; loggedIn: boolean }>('/v1/auth/email/signup', {
    email,
    password,
  });
  if (signup.loggedIn) {
    // EMAIL_VERIFICATION=false: signed in already.
    const settings = await client.api.call('user.settings.get');
    return asUser(testServer, client, { uid: settings.uid, email, password });
  }
  const normalized = email.trim().toLowerCase();
  const mail = testServer
    .outbox()
    .filter((m) => m.to === normalized && m.purpose === 'signup')
    .at(-1);
  if (!mail?.code || !signup.sessionId)
    throw new Error(`buildUser: no verification code was mailed to ${email}`);
  const checked = await post<{ user: { uid: string } }>('/v1/auth/verification/check', {
    sessionId: signup.sessionId,
    code: mail.code,
  });
  return asUser(testServer, client, { uid: checked.user.uid, email, password });
}

/** Signs an existing account in with a new client. */
export async function loginAs(testServer: TestServer, email: string, password: string): Promise<TestClient> {
  const client = testServer.client();
  await client.api.call('auth.email.login', { body: { email, password } });
  return client;
}

/** Whose item a factory makes (and on which server). */
export type Owner = Pick<BuiltUser, 'uid' | 'server'>;

/**
 * Calls the server's own handler of `id` as `owner`, with `body` validated (and defaulted) by the
 * contract's schema, exactly as the route would after authentication — no HTTP, no session.
 */
export async function invokeAs<K extends RouteId>(
  owner: Owner,
  id: K,
  body: RouteBodyInput<Routes[K]>,
): Promise<RouteResponse<Routes[K]>> {
  const handler = owner.server.server.handlers[id] as
    ((ctx: Record<string, unknown>) => Promise<unknown>) | undefined;
  if (!handler) throw new Error(`invokeAs: no handler for ${id}`);
  const schema = (routes[id] as { body?: { parse(v: unknown): unknown } }).body;
  const result = await handler({
    body: schema ? schema.parse(body) : body,
    query: {},
    params: {},
    user: { uid: owner.uid },
    traceId: `test-${id}`,
  });
  return result as RouteResponse<Routes[K]>;
}

export function buildCanvas(
  owner: Owner,
  input: RouteBodyInput<Routes['canvas.create']> = {},
): Promise<Canvas> {
  return invokeAs(owner, 'canvas.create', { title: 'A canvas', ...input });
}

export function buildDocument(
  owner: Owner,
  input: RouteBodyInput<Routes['knowledge.document.create']> = {},
): Promise<Document> {
  return invokeAs(owner, 'knowledge.document.create', { title: 'A document', ...input });
}

/** A text resource (no file, nothing to ingest beyond its content). */
export function buildResource(
  owner: Owner,
  input: Partial<RouteBodyInput<Routes['knowledge.resource.create']>> = {},
): Promise<Resource> {
  return invokeAs(owner, 'knowledge.resource.create', {
    resourceType: 'text',
    title: 'A resource',
    content: 'Some text',
    ...input,
  } as RouteBodyInput<Routes['knowledge.resource.create']>);
}

export function buildProject(
  owner: Owner,
  input: Partial<RouteBodyInput<Routes['project.new']>> = {},
): Promise<Project> {
  return invokeAs(owner, 'project.new', {
    name: 'A project',
    ...input,
  } as RouteBodyInput<Routes['project.new']>);
}

export function buildCodeArtifact(
  owner: Owner,
  input: Partial<RouteBodyInput<Routes['codeArtifact.new']>> = {},
): Promise<CodeArtifact> {
  return invokeAs(owner, 'codeArtifact.new', {
    title: 'An artifact',
    type: 'html',
    content: '<p>hi</p>',
    ...input,
  } as RouteBodyInput<Routes['codeArtifact.new']>);
}
