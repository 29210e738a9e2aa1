// 500 web pages served from loopback, added as links (10 batches of 50) and ingested: fetched
// through the SSRF-safe fetch, Readability → Markdown, chunked and indexed. Reports pages per second
// from the first create to the last `finish`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { machine, startBenchServer } from './ingest-lib.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 500);
const para = (n: number, i: number) =>
  `<p>Article ${n}, paragraph ${i}. Self-hosted canvases keep research notes, sources and drafts together; ` +
  `this paragraph is filler text of a realistic length for a news or blog article body.</p>`;
const site = createServer((req, res) => {
  const n = Number((req.url ?? '/0').slice(1)) || 0;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><title>Article ${n}</title></head><body><nav>Home · About</nav>` +
      `<article><h1>Article ${n}</h1>${Array.from({ length: 12 }, (_, i) => para(n, i)).join('')}</article>` +
      `<footer>© bench</footer></body></html>`,
  );
});
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

const kind = (process.env.BENCH_DB ?? 'pglite') as 'pglite' | 'postgres';
const bench = await startBenchServer(kind, { FETCH_ALLOW_PRIVATE: 'true' });
try {
  const start = performance.now();
  for (let b = 0; b < PAGES / 50; b++) {
    await bench.call('POST', '/knowledge/resource/batchCreate', {
      items: Array.from({ length: 50 }, (_, i) => ({
        title: `Article ${b * 50 + i}`,
        resourceType: 'weblink',
        data: { url: `${siteUrl}/${b * 50 + i}` },
      })),
    });
  }
  await bench.server.ctx.queue.drain();
  const ms = performance.now() - start;
  const result = await bench.server.ctx.db.execute(
    sql`SELECT index_status AS status, count(*)::int AS n FROM resources GROUP BY 1`,
  );
  const states = Object.fromEntries(
    (result as unknown as { rows: Array<{ status: string; n: number }> }).rows.map((r) => [r.status, r.n]),
  );
  console.log(
    `${kind}: ${PAGES} pages in ${(ms / 1000).toFixed(1)} s = ${((PAGES / ms) * 1000).toFixed(1)} pages/s ` +
      `(states: ${JSON.stringify(states)})`,
  );
} finally {
  await bench.close();
  site.close();
}
console.log(`machine: ${await machine()}`);
