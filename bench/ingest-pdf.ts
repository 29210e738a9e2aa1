// A 100-page PDF (generated with pdfkit) uploaded as a resource, parsed, chunked and indexed
// without embeddings (goal < 5 s from upload to `finish`), with the parse step timed on its own.
import { buildPdf } from '../apps/server/test/helpers/ingest-fixtures.js';
import { parseContent } from '../apps/server/src/ingest/ingest.parse.js';
import { chunkMarkdown } from '../apps/server/src/ingest/ingest.chunker.js';
import { machine, startBenchServer } from './ingest-lib.js';

const PAGES = 100;
const sentence = (p: number, i: number) =>
  `Page ${p} sentence ${i}: the quarterly report discusses revenue, logistics, hiring and the product roadmap in detail.`;
const pdf = await buildPdf(
  Array.from({ length: PAGES }, (_, p) =>
    Array.from({ length: 18 }, (_, i) => sentence(p + 1, i + 1)).join(' '),
  ),
);
console.log(`PDF: ${PAGES} pages, ${(pdf.length / 1024).toFixed(0)} KB`);

let t = performance.now();
const parsed = await parseContent({ body: pdf, format: 'pdf', maxPages: 500 });
const parseMs = performance.now() - t;
t = performance.now();
const chunks = chunkMarkdown(parsed.content);
const chunkMs = performance.now() - t;

const kind = (process.env.BENCH_DB ?? 'pglite') as 'pglite' | 'postgres';
const bench = await startBenchServer(kind);
try {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'report.pdf');
  const start = performance.now();
  const res = await fetch(`${bench.url}/v1/knowledge/resource/createWithFile`, {
    method: 'POST',
    headers: { cookie: bench.cookie },
    body: fd,
  });
  const created = ((await res.json()) as { data: { resourceId: string } }).data;
  for (;;) {
    const r = await bench.call<{ indexStatus: string }>(
      'GET',
      `/knowledge/resource/detail?resourceId=${created.resourceId}`,
    );
    if (r.indexStatus === 'finish') break;
    if (r.indexStatus.endsWith('failed')) throw new Error(`ingestion ${r.indexStatus}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const totalMs = performance.now() - start;
  console.log(
    `${kind}: upload → finish ${totalMs.toFixed(0)} ms (goal < 5000); parse alone (cold: first pdf.js load) ${parseMs.toFixed(0)} ms ` +
      `(${parsed.content.length} chars), chunking ${chunkMs.toFixed(1)} ms (${chunks.length} chunks)`,
  );
} finally {
  await bench.close();
}
console.log(`machine: ${await machine()}`);
