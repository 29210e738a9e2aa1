/** A tiny web server on 127.0.0.1 serving fixed pages (and redirects) for link and scrape tests. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebFixture {
  url: string;
  close(): Promise<void>;
}

export interface FixturePage {
  status?: number;
  type?: string;
  body?: string | Buffer;
  location?: string;
}

export async function startWebFixture(pages: Record<string, FixturePage>): Promise<WebFixture> {
  const server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(page.status ?? 200, {
      ...(page.type ? { 'content-type': page.type } : {}),
      ...(page.location ? { location: page.location } : {}),
    });
    res.end(page.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
