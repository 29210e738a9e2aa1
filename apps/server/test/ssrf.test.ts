/** SSRF: with the default configuration, links and scrapes to private addresses (or redirects into them) are refused. */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { expectFailure } from './helpers/items.js';
import { createResource, settled } from './helpers/resources.js';
import { startWebFixture, type WebFixture } from './helpers/web-fixture.js';
import { serverTest } from './helpers/fixtures.js';

const it = serverTest({ FETCH_TIMEOUT: '3s' });

let web: WebFixture;

beforeAll(async () => {
  web = await startWebFixture({
    '/secret': { type: 'text/plain', body: 'internal secret' },
    '/to-metadata': { status: 302, location: 'http://169.254.169.254/latest/meta-data/' },
  });
});
afterAll(async () => {
  await web?.close();
});

describe('SSRF protection (FETCH_ALLOW_PRIVATE unset)', () => {
  const targets = () => [
    `${web.url}/secret`,
    'http://10.0.0.5/admin',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://localhost/',
    `${web.url}/to-metadata`,
  ];

  it('ends links to private addresses parse_failed without fetching them', async ({ server, alice }) => {
    for (const url of targets()) {
      const r = await createResource(alice.client, {
        title: 'inside',
        resourceType: 'weblink',
        data: { url },
      });
      const done = await settled(server, alice.client, r.resourceId);
      expect(done.indexStatus, url).toBe('parse_failed');
      expect(String(done.indexError?.metadata?.message), url).toMatch(/Refused to fetch/);
      expect(done.content ?? '').not.toContain('internal secret');
    }
  });

  it('refuses to scrape private addresses with E0003', async ({ alice }) => {
    for (const url of targets()) {
      expect(expectFailure(await alice.post('/v1/misc/scrape', { url }), 'E0003'), url).toMatch(
        /Refused to fetch/,
      );
    }
  });
});
