/**
 * API calls from a test through a browser context's cookies. Access tokens are short-lived in
 * tests (ACCESS_TOKEN_TTL=3s), so a 401 refreshes the session once and retries, like the app.
 */
import type { APIRequestContext, APIResponse, Page } from 'playwright-core';

async function send(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<APIResponse> {
  const url = `/v1${path}`;
  if (method === 'GET') return request.get(url);
  return method === 'PUT' ? request.put(url, { data: data ?? {} }) : request.post(url, { data: data ?? {} });
}

/**
 * Sends a request through the context's session; when the access token has expired (401) it
 * refreshes the session once and sends the request again, as the app does.
 */
export async function sendFresh(
  request: APIRequestContext,
  sendIt: () => Promise<APIResponse>,
): Promise<APIResponse> {
  const res = await sendIt();
  if (res.status() !== 401) return res;
  await request.post('/v1/auth/refreshToken', { data: {} });
  return sendIt();
}

/** Calls a JSON route and returns its `data`; throws with the wrapper when it fails. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await sendFresh(request, () => send(request, method, path, data));
  const body = (await res.json()) as { success: boolean; data?: T };
  if (!body.success) throw new Error(`${method} ${path} failed: ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Marks the first-visit feature highlights, tour and setup-guide card as skipped, so they never cover the page. */
export async function skipOnboarding(request: APIRequestContext): Promise<void> {
  await apiCall(request, 'PUT', '/user/settings', {
    onboarding: { featureHighlights: 'skipped', tour: 'skipped', setupGuide: 'skipped' },
  });
}

/**
 * Closes the first-visit feature highlights when this account gets them: the app opens them for
 * an account whose highlights have not started, so the test asks the server instead of waiting
 * a while to see whether they show.
 */
export async function dismissHighlights(page: Page): Promise<void> {
  const settings = await apiCall<{ onboarding: { featureHighlights: string } }>(
    page.context().request,
    'GET',
    '/user/settings',
  );
  if (settings.onboarding.featureHighlights !== 'not_started') return;
  const skip = page.getByTestId('highlights-skip');
  await skip.click();
  await skip.waitFor({ state: 'hidden' });
}

/** A canvas made through the import route (an Atelier canvas file); answers its id. */
export async function importCanvas(
  request: APIRequestContext,
  title: string,
  nodes: unknown[],
  edges: unknown[] = [],
): Promise<string> {
  const file = { format: 'atelier-canvas', version: 2, title, nodes, edges };
  const res = await sendFresh(request, () =>
    request.post('/v1/canvas/import', {
      multipart: {
        file: { name: 'c.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) },
      },
    }),
  );
  const body = (await res.json()) as { success: boolean; data: { canvasId: string } };
  if (!body.success) throw new Error(`import failed: ${JSON.stringify(body)}`);
  return body.data.canvasId;
}

/**
 * A page made of every node of the caller's canvas `canvasId`, in reading order (top to bottom,
 * left to right), through POST /pages/canvas/{id}/nodes; answers its id.
 */
export async function pageFromCanvas(request: APIRequestContext, canvasId: string): Promise<string> {
  const data = await apiCall<{ nodes: { id: string; position: { x: number; y: number } }[] }>(
    request,
    'GET',
    `/canvas/data?canvasId=${canvasId}`,
  );
  const nodes = [...data.nodes].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  const created = await apiCall<{ pageId: string }>(request, 'POST', `/pages/canvas/${canvasId}/nodes`, {
    nodeIds: nodes.map((n) => n.id),
  });
  return created.pageId;
}
