/**
 * Issue 32 §3, "no raw markers anywhere": every skill and every editor action that can cite runs
 * against the fake model (which writes every marker form models write), then every stored text
 * field of every table, the stored share snapshots, the share API and HTML, and every export
 * (DOCX, PDF, Markdown of a document; PPTX and PDF of a page; office files unzipped and their XML
 * read) hold no `[[citation` marker — while the citations are there as structure: anchors and
 * sources beside the answer, `[n]` links in documents, badges in the share HTML, footnotes in
 * DOCX, endnotes in PDF, a reference list in Markdown, speaker notes in PPTX. Then the start-up
 * migration moves the markers of older data (answers, thread history, documents, snapshots) out.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import type { ActionResult, PageDetail, ShareRecord, SharedContent, SkillEvent } from '@atelier/contract';
import { migrateCitationMarkers } from '../src/skills/skill.citations.migrate.js';
import { startFakeWebServer, type FakeWebServer } from './helpers/fake-web-search.js';
import { buildDocument, type BuiltUser } from './helpers/factories.js';
import { skillTest } from './helpers/fixtures.js';
import { expectData, importCanvas } from './helpers/items.js';
import { contentOf, streamSkill, waitForResult, withFunctionCalling } from './helpers/skill-run.js';
import type { TestClient } from './helpers/http.js';

/** Any raw marker a person could see. */
const RAW = /\[\[citation|\[citation:|【\d+】/;
/** Every form models write: bare, single, CJK, double. */
const CITING =
  'The lighthouse is teal [1]. Boats dock at the quay 【1】, twice a day [citation:1] [[citation:1]].';

let web: FakeWebServer;
let sourceDoc: string;
let draftDoc: string;

beforeAll(async () => {
  web = await startFakeWebServer();
});
afterAll(async () => {
  await web?.close();
});

const it = skillTest(
  { RATE_LIMIT_PER_IP: '100000' },
  {
    setup: async ({ alice }) => {
      // the agent skill needs a model with function calling
      await withFunctionCalling(alice);
      await alice.post('/v1/provider/create', {
        providerKey: 'searxng',
        name: 'searxng',
        categories: ['webSearch'],
        baseUrl: `${web.url}/searxng`,
      });
      sourceDoc = (
        await buildDocument(alice, {
          title: 'Harbour notes',
          initialContent: 'The lighthouse is painted teal.',
        })
      ).docId;
      draftDoc = (
        await buildDocument(alice, {
          title: 'Draft',
          initialContent: 'The lighthouse is old.\n\nSecond paragraph.',
        })
      ).docId;
    },
  },
);

/** What each skill and editor action is asked (every one can cite the context document). */
function runs(): Array<{ name: string; reply?: string; body: Record<string, unknown> }> {
  const ctx = { documents: [{ docId: sourceDoc }] };
  return [
    { name: 'commonQnA', body: { input: { query: 'What colour is the lighthouse?' }, context: ctx } },
    {
      name: 'customPrompt',
      body: { skillName: 'customPrompt', input: { query: 'Describe it' }, context: ctx },
    },
    { name: 'webSearch', body: { skillName: 'webSearch', input: { query: 'paris' } } },
    { name: 'librarySearch', body: { skillName: 'librarySearch', input: { query: 'lighthouse teal' } } },
    {
      name: 'generateDoc',
      reply: `# Harbour guide\n\n${CITING}`,
      body: { skillName: 'generateDoc', input: { query: 'Write a harbour guide' }, context: ctx },
    },
    {
      name: 'codeArtifacts',
      reply: `Title: Teal page\n\n\`\`\`html\n<p>${CITING}</p>\n\`\`\`\n`,
      body: { skillName: 'codeArtifacts', input: { query: 'A page about the lighthouse' }, context: ctx },
    },
    {
      name: 'agent',
      body: { skillName: 'agent', input: { query: 'Tell me about the lighthouse' }, context: ctx },
    },
    // the document editor's actions: rewrite / shorten / expand / translate are rewriteDoc with
    // `suggest`, continue is editDoc with `suggest`; and both skills writing into the document
    {
      name: 'editor rewrite (suggest)',
      body: {
        skillName: 'rewriteDoc',
        input: {
          query: 'Rewrite the selected text',
          selection: { docId: '{draft}', text: 'The lighthouse is old.', suggest: true },
        },
        context: ctx,
      },
    },
    {
      name: 'editor continue (suggest)',
      body: {
        skillName: 'editDoc',
        input: { query: 'Continue writing', selection: { docId: '{draft}', suggest: true } },
        context: ctx,
      },
    },
    {
      name: 'rewriteDoc into the document',
      body: {
        skillName: 'rewriteDoc',
        input: { query: 'Rewrite', selection: { docId: '{draft}', text: 'Second paragraph.' } },
        context: ctx,
      },
    },
    {
      name: 'editDoc into the document',
      body: {
        skillName: 'editDoc',
        input: { query: 'Add a closing paragraph', selection: { docId: '{draft}' } },
        context: ctx,
      },
    },
  ];
}

const withDraft = (body: Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(body).replaceAll('{draft}', draftDoc)) as Record<string, unknown>;

async function download(client: TestClient, path: string): Promise<Buffer> {
  const res = await client.fetch(path);
  expect(res.status, path).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Every XML (and other text) part of an office file, by name. */
function officeParts(body: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => /\.(xml|rels)$/.test(name))
      .map(([name, data]) => [name, strFromU8(data)]),
  );
}

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text;
}

/** Every text and JSON column of every table that holds a raw marker: `table.column` → count. */
async function storedMarkers(user: BuiltUser): Promise<Record<string, number>> {
  const db = user.server.server.ctx.db;
  const rows = (await db.execute(sql`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = 'public' AND data_type IN ('text', 'jsonb', 'json', 'character varying')`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string }>;
  };
  const found: Record<string, number> = {};
  for (const { table_name: t, column_name: c } of rows.rows) {
    const res = (await db.execute(
      sql.raw(
        `SELECT count(*)::int AS n FROM "${t}" WHERE "${c}"::text LIKE '%[[citation%' OR "${c}"::text LIKE '%[citation:%' OR "${c}"::text LIKE '%\\[\\[citation%'`,
      ),
    )) as unknown as { rows: Array<{ n: number }> };
    if (res.rows[0]!.n > 0) found[`${t}.${c}`] = res.rows[0]!.n;
  }
  return found;
}

/** Stored files (share snapshots, copies) under the data directory that hold a raw marker. */
function filesWithMarkers(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'pg') walk(p);
      } else if (statSync(p).size < 5_000_000 && RAW.test(readFileSync(p, 'utf8'))) out.push(p);
    }
  };
  walk(dir);
  return out;
}

const answers: Record<string, string> = {};

describe('citations everywhere: structure, never a raw marker', () => {
  it('every skill and editor action streams and stores clean text with its citations beside it', async ({
    fake,
    alice,
  }) => {
    for (const run of runs()) {
      fake.reply = run.reply ?? CITING;
      if (run.name === 'webSearch') fake.reply = 'Paris is the capital [1]. The guide helps 【2】.';
      if (run.name === 'librarySearch') fake.reply = 'It is teal [1].';
      const streamed = await streamSkill(alice.client, withDraft(run.body));
      expect(streamed.refusal ?? null, run.name).toBeNull();
      const events: SkillEvent[] = streamed.events;
      expect(
        events.some((e) => e.event === 'error'),
        run.name,
      ).toBe(false);
      const resultId = events[0]!.resultId;
      answers[run.name] = resultId;
      const done = await waitForResult<ActionResult>(alice.client, resultId);
      expect(done.status, run.name).toBe('finish');
      // nothing streamed or stored carries a marker
      expect(contentOf(events), run.name).not.toMatch(RAW);
      expect(JSON.stringify(done), run.name).not.toMatch(RAW);
      // the citations are there as structure: anchors in the text, the cited sources
      const streamedAnchors = events.flatMap((e) => e.citations ?? []);
      const stored = done.steps!.find((s) => s.content)!;
      expect(streamedAnchors.length, run.name).toBeGreaterThan(0);
      expect(stored.structuredData?.citations, run.name).toEqual(streamedAnchors);
      expect((stored.structuredData?.sources as unknown[]).length, run.name).toBeGreaterThan(0);
      for (const a of streamedAnchors) expect(a.at, run.name).toBeLessThanOrEqual(stored.content.length);
    }
    // the answer's four markers became four anchors after the words they followed
    const qna = expectData(
      await alice.get<ActionResult>('/v1/action/result', { resultId: answers.commonQnA }),
    );
    const step = qna.steps![0]!;
    expect(step.content).toBe('The lighthouse is teal. Boats dock at the quay, twice a day.');
    expect(step.structuredData?.citations).toEqual([
      { index: 1, at: 'The lighthouse is teal'.length },
      { index: 1, at: 'The lighthouse is teal. Boats dock at the quay'.length },
      { index: 1, at: 'The lighthouse is teal. Boats dock at the quay, twice a day'.length },
      { index: 1, at: 'The lighthouse is teal. Boats dock at the quay, twice a day'.length },
    ]);
    expect(step.structuredData?.sources).toEqual([
      { index: 1, kind: 'document', entityId: sourceDoc, title: 'Harbour notes' },
    ]);
  });

  it('a follow-up stores the earlier turn without markers, even from an older client', async ({
    fake,
    alice,
  }) => {
    fake.reply = 'Still teal [1].';
    const run = await streamSkill(alice.client, {
      input: { query: 'And now?' },
      context: { documents: [{ docId: sourceDoc }] },
      resultHistory: [
        {
          resultId: answers.commonQnA,
          title: 'What colour?',
          steps: [{ name: 'answerQuestion', content: 'The lighthouse is teal [[citation:1]].' }],
        },
      ],
    });
    const done = await waitForResult<ActionResult>(alice.client, run.events[0]!.resultId);
    expect(done.history![0]!.steps![0]!.content).toBe('The lighthouse is teal.');
  });

  it('documents written by skills hold [n] links, never a marker; their exports keep the citations', async ({
    alice,
  }) => {
    const generated = expectData(
      await alice.get<ActionResult>('/v1/action/result', { resultId: answers.generateDoc }),
    );
    const docId = (generated.steps![0]!.structuredData as { docId: string }).docId;
    for (const id of [docId, draftDoc]) {
      const doc = await vi.waitFor(async () => {
        const d = expectData(
          await alice.get<{ content: string; contentPreview: string }>('/v1/knowledge/document/detail', {
            docId: id,
          }),
        );
        expect(d.content).toContain(`[\\[1\\]](/documents/${sourceDoc} "Harbour notes")`);
        return d;
      });
      expect(doc.content).not.toMatch(RAW);
      expect(doc.contentPreview).not.toMatch(RAW);
    }
    const path = (format: string) => `/v1/knowledge/document/export/document?docId=${docId}&format=${format}`;
    // Markdown: footnote references and a reference list naming the source
    const md = (await download(alice.client, path('md'))).toString('utf8');
    expect(md).not.toMatch(RAW);
    expect(md).toContain('The lighthouse is teal [^1].');
    expect(md).toMatch(/\n\[\^1\]: Harbour notes\n$/);
    // DOCX: real footnotes (a reference in the text, the source in footnotes.xml)
    const docx = officeParts(await download(alice.client, path('docx')));
    for (const [name, xml] of Object.entries(docx)) expect(xml, name).not.toMatch(RAW);
    expect(docx['word/document.xml']).toContain('<w:footnoteReference w:id="1"/>');
    expect(docx['word/footnotes.xml']).toContain('Harbour notes');
    // PDF: endnotes under "Notes"
    const pdf = await pdfText(await download(alice.client, path('pdf')));
    expect(pdf).not.toMatch(RAW);
    expect(pdf).toContain('The lighthouse is teal [1]');
    expect(pdf).toMatch(/Notes\s+\[1\] Harbour notes/);
  });

  it('shares, the share HTML and page exports show citations and no marker', async ({ server, alice }) => {
    const anon = server.client();
    // the answer shared on its own: the API gives clean text with anchors, the HTML draws badges
    const answerShare = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'skillResponse', entityId: answers.commonQnA }),
    );
    const detail = expectData(
      await anon.get<SharedContent>('/v1/share/detail', { shareId: answerShare.shareId }),
    );
    expect(JSON.stringify(detail)).not.toMatch(RAW);
    expect(detail.data).toMatchObject({
      kind: 'skillResponse',
      content: 'The lighthouse is teal. Boats dock at the quay, twice a day.',
      sources: [{ index: 1, title: 'Harbour notes', kind: 'document' }],
      citations: [{ index: 1, at: 22 }, { index: 1 }, { index: 1 }, { index: 1 }],
    });
    const html = await (await anon.fetch(`/share/${answerShare.shareId}`)).text();
    expect(html).not.toMatch(RAW);
    expect(html).toContain('The lighthouse is teal<sup class="citation"><a href="#source-1">[1]</a></sup>.');
    expect(html).toContain('<li id="source-1" value="1">Harbour notes</li>');

    // a canvas with the answer and the generated document, shared and made into a page
    const generated = expectData(
      await alice.get<ActionResult>('/v1/action/result', { resultId: answers.generateDoc }),
    );
    const docId = (generated.steps![0]!.structuredData as { docId: string }).docId;
    const canvasId = await importCanvas(alice, 'Harbour', [
      {
        id: 'a',
        type: 'skillResponse',
        position: { x: 0, y: 0 },
        data: { title: 'Answer', entityId: answers.commonQnA },
      },
      {
        id: 'd',
        type: 'document',
        position: { x: 400, y: 0 },
        data: { title: 'Harbour guide', entityId: docId },
      },
    ]);
    const canvasShare = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'canvas', entityId: canvasId }),
    );
    const canvasHtml = await (await anon.fetch(`/share/${canvasShare.shareId}`)).text();
    expect(canvasHtml).not.toMatch(RAW);
    const snap = await alice.server.server.services.canvases.snapshot(canvasId);
    const page = expectData<PageDetail>(
      await alice.post(`/v1/pages/canvas/${canvasId}/nodes`, { nodeIds: snap.nodes.map((n) => n.id) }),
    );
    const pageShare = expectData<ShareRecord>(await alice.post(`/v1/pages/${page.pageId}/share`));
    const pageHtml = await (await anon.fetch(`/share/${pageShare.shareId}`)).text();
    expect(pageHtml).not.toMatch(RAW);
    // what a viewer of the canvas and of the page reads of the answer and the document
    for (const entityId of [answers.commonQnA!, docId]) {
      const child = expectData(
        await anon.get<SharedContent>('/v1/share/child', { shareId: canvasShare.shareId, entityId }),
      );
      expect(JSON.stringify(child), entityId).not.toMatch(RAW);
    }
    const pageData = expectData(
      await anon.get<SharedContent>('/v1/share/detail', { shareId: pageShare.shareId }),
    );
    const pageSlides = pageData.data.kind === 'page' ? pageData.data.slides : [];
    expect(pageSlides.filter((sl) => sl.childShareId)).toHaveLength(2);
    for (const slide of pageSlides) {
      const child = expectData(
        await anon.get<SharedContent>('/v1/share/detail', { shareId: slide.childShareId! }),
      );
      expect(JSON.stringify(child), slide.title).not.toMatch(RAW);
      if (child.data.kind === 'skillResponse') expect(child.data.citations).toHaveLength(4);
    }

    // PPTX: `[1]` in the slide text, the sources in the answer slide's speaker notes
    const pptx = officeParts(await download(alice.client, `/v1/pages/${page.pageId}/export?format=pptx`));
    for (const [name, xml] of Object.entries(pptx)) expect(xml, name).not.toMatch(RAW);
    const slides = Object.entries(pptx).filter(([n]) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    expect(slides.some(([, xml]) => xml.includes('The lighthouse is teal [1]'))).toBe(true);
    const notes = Object.entries(pptx).filter(([n]) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n));
    expect(notes.some(([, xml]) => xml.includes('[1] Harbour notes'))).toBe(true);
    // PDF: the numbered sources under the answer; the document's links as [1]
    const pdf = await pdfText(await download(alice.client, `/v1/pages/${page.pageId}/export?format=pdf`));
    expect(pdf).not.toMatch(RAW);
    expect(pdf).toContain('The lighthouse is teal [1]');
    expect(pdf).toMatch(/1\.\s*Harbour notes/);
    // the shared page's own export, as an anonymous viewer
    const sharedPptx = officeParts(
      await download(anon, `/v1/share/export?shareId=${pageShare.shareId}&format=pptx`),
    );
    for (const [name, xml] of Object.entries(sharedPptx)) expect(xml, name).not.toMatch(RAW);
  });

  it('no stored text field and no stored file holds a raw marker', async ({ alice, server }) => {
    expect(await storedMarkers(alice)).toEqual({});
    expect(filesWithMarkers(server.dataDir)).toEqual([]);
  });

  it('the start-up migration moves markers of older data out, and old snapshots are cleaned when read', async ({
    server,
    alice,
  }) => {
    const { db } = server.server.ctx;
    // data as earlier versions stored it
    await db.execute(sql`
      UPDATE action_steps SET content = 'Old answer [[citation:1]] stays cited [citation:1].'
      WHERE result_id = ${answers.customPrompt}`);
    await db.execute(sql`
      UPDATE action_results SET history = ${JSON.stringify([
        { resultId: answers.commonQnA, steps: [{ name: 's', content: 'Before [[citation:1]].' }] },
      ])}::jsonb WHERE result_id = ${answers.librarySearch}`);
    const legacyDoc = (
      await buildDocument(alice, {
        title: 'Accepted',
        initialContent: 'High tide at noon [[citation:1]] every day.',
      })
    ).docId;
    const legacyShare = expectData<ShareRecord>(
      await alice.post('/v1/share/new', { entityType: 'skillResponse', entityId: answers.webSearch }),
    );
    const row = await server.server.services.shares.find(legacyShare.shareId);
    await server.server.ctx.storage.put(
      row!.storageKey,
      Buffer.from(
        JSON.stringify({
          kind: 'skillResponse',
          title: 'Old',
          query: 'q',
          content: 'Paris is big [[citation:1]].',
          sources: [{ url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris', pageContent: 'x' }],
        }),
      ),
      { contentType: 'application/json' },
    );
    await vi.waitFor(async () =>
      expect(Object.keys(await storedMarkers(alice))).toEqual(
        expect.arrayContaining(['action_results.history', 'action_steps.content', 'documents.content']),
      ),
    );

    const moved = await migrateCitationMarkers(server.server.ctx, server.server.services.collab);
    expect(moved).toEqual({ steps: 1, histories: 1, documents: 1 });
    const step = expectData(
      await alice.get<ActionResult>('/v1/action/result', { resultId: answers.customPrompt }),
    ).steps![0]!;
    expect(step.content).toBe('Old answer stays cited.');
    expect(step.structuredData?.citations).toEqual(
      expect.arrayContaining([{ index: 1, at: 'Old answer'.length }]),
    );
    await vi.waitFor(async () => {
      const d = expectData(
        await alice.get<{ content: string }>('/v1/knowledge/document/detail', { docId: legacyDoc }),
      );
      expect(d.content.trim()).toBe('High tide at noon every day.');
    });
    expect(await storedMarkers(alice)).toEqual({});
    // a second run finds nothing
    expect(await migrateCitationMarkers(server.server.ctx, server.server.services.collab)).toEqual({
      steps: 0,
      histories: 0,
      documents: 0,
    });
    // the legacy snapshot is still stored as it was (the scan above sees it), and read clean
    expect(filesWithMarkers(server.dataDir)).toHaveLength(1);
    const old = expectData(
      await server.client().get<SharedContent>('/v1/share/detail', { shareId: legacyShare.shareId }),
    );
    expect(old.data).toMatchObject({
      content: 'Paris is big.',
      citations: [{ index: 1, at: 'Paris is big'.length }],
      sources: [{ index: 1, kind: 'url', title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris' }],
    });
  });
});
