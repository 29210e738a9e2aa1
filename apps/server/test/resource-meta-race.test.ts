/**
 * A resource's `data` changed while its source is being parsed keeps the change: the parse step
 * merges what it found (the page title) into the stored meta instead of writing back the row it
 * read before parsing. The web clipper relies on this: it uploads a page, then records the page's
 * address on the new resource while the server parses it. A web link whose fetch is held open
 * until the update has landed makes the overlap certain.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { expectData } from './helpers/items.js';
import { createResource, settled } from './helpers/resources.js';
import { serverTest } from './helpers/fixtures.js';

const PAGE = `<!doctype html><html><head><title>Kelp forests</title></head><body><article>
<h1>Kelp forests</h1><p>Giant kelp grows up to half a metre a day in cold, clear water, and the forests
it forms shelter otters, urchins and hundreds of kinds of fish along rocky coasts.</p></article></body></html>`;

let web: Server;
let pageUrl = '';
let requested: () => void = () => undefined;
let release: () => void = () => undefined;
const requestSeen = new Promise<void>((resolve) => (requested = resolve));
const released = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  web = createServer((_req, res) => {
    requested();
    void released.then(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}/kelp`;
});
afterAll(async () => {
  release();
  await new Promise<void>((resolve) => web.close(() => resolve()));
});

const it = serverTest({ FETCH_ALLOW_PRIVATE: 'true' });

describe('resource meta during parsing', () => {
  it('keeps data set while the page was fetched and adds the parsed title', async ({ server, alice }) => {
    const created = await createResource(alice.client, {
      title: 'Kelp',
      resourceType: 'weblink',
      data: { url: pageUrl },
    });
    // the ingest job is fetching the page now; change the resource's data meanwhile
    await requestSeen;
    expectData(
      await alice.client.post('/v1/knowledge/resource/update', {
        resourceId: created.resourceId,
        data: { url: pageUrl, contentType: 'text/html' },
      }),
    );
    release();
    const done = await settled(server, alice.client, created.resourceId);
    expect(done.indexStatus).toBe('finish');
    expect(done.data).toEqual({ url: pageUrl, contentType: 'text/html', title: 'Kelp forests' });
  });
});
