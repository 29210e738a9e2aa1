/**
 * Assertions on `{ status, body }` answers (`expectData`, `expectFailure`) and things tests
 * point at: canvases, documents and uploaded files made through the real API. For set-up that
 * does not test creation itself, prefer the factories (`buildCanvas`, `buildDocument`, …).
 */
import { expect } from 'vitest';
import { buildCanvas, buildDocument, type BuiltUser } from './factories.js';
import type { TestClient, Wrapped } from './http.js';

export type { Wrapped } from './http.js';

/** Asserts a business failure: HTTP 200 (never 500) with this code; answers the message. */
export function expectFailure(res: { status: number; body: Wrapped }, code: string): string {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success, JSON.stringify(res.body)).toBe(false);
  expect(res.body.errCode, JSON.stringify(res.body)).toBe(code);
  return res.body.errMsg ?? '';
}

/** Asserts success and answers `data`. */
export function expectData<T>(res: { status: number; body: Wrapped<T> }): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data as T;
}

/** Set-up: a canvas of `user`'s, made by the factory (no HTTP); answers its id. */
export async function createCanvas(user: BuiltUser, title = 'A canvas'): Promise<string> {
  return (await buildCanvas(user, { title })).canvasId;
}

/** A canvas made through the import route (an Atelier canvas file, version 2); answers its id. */
export async function importCanvas(
  user: BuiltUser,
  title: string,
  nodes: unknown[],
  edges: unknown[] = [],
): Promise<string> {
  const fd = new FormData();
  const file = { format: 'atelier-canvas', version: 2, title, nodes, edges };
  fd.append('file', new Blob([JSON.stringify(file)], { type: 'application/json' }), 'c.json');
  const res = (await (await user.client.fetch('/v1/canvas/import', { method: 'POST', body: fd })).json()) as {
    data: { canvasId: string };
  };
  return res.data.canvasId;
}

/** Set-up: a document of `user`'s, made by the factory (no HTTP); answers its id. */
export async function createDocument(user: BuiltUser, title = 'A document'): Promise<string> {
  return (await buildDocument(user, { title })).docId;
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0bd0f6f0000000049454e44ae426082',
  'hex',
);

/** Uploads a file through /misc/upload and answers its storage key. */
export async function uploadFile(
  client: TestClient,
  file: { body: BlobPart; name: string; type: string },
): Promise<string> {
  const fd = new FormData();
  fd.append('file', new Blob([file.body], { type: file.type }), file.name);
  const res = await client.fetch('/v1/misc/upload', { method: 'POST', body: fd });
  const json = (await res.json()) as Wrapped<{ storageKey: string }>;
  expect(json.success, JSON.stringify(json)).toBe(true);
  return json.data!.storageKey;
}
