/** Resource helpers for tests: create through the API, upload a file as a resource, wait for ingestion. */
import { expect } from 'vitest';
import type { Resource } from '@atelier/contract';
import type { TestClient } from './http.js';
import { expectData, type Wrapped } from './items.js';
import type { TestServer } from './server.js';

export async function createResource(client: TestClient, body: Record<string, unknown>): Promise<Resource> {
  return expectData(await client.post<Resource>('/v1/knowledge/resource/create', body));
}

export async function createWithFile(
  client: TestClient,
  file: { body: BlobPart; name: string; type?: string },
  fields: Record<string, string> = {},
): Promise<Wrapped<Resource>> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('file', new Blob([file.body], file.type ? { type: file.type } : {}), file.name);
  const res = await client.fetch('/v1/knowledge/resource/createWithFile', { method: 'POST', body: fd });
  expect(res.status).toBe(200);
  return (await res.json()) as Wrapped<Resource>;
}

/** Waits for the job queue, then answers the resource's detail (with content). */
export async function settled(server: TestServer, client: TestClient, resourceId: string): Promise<Resource> {
  await server.server.ctx.queue.drain();
  return expectData(await client.get<Resource>('/v1/knowledge/resource/detail', { resourceId }));
}
