/**
 * Templates keep what they promise (issue 32, point 7): every built-in template, in English and
 * Chinese, used by a user ("Use template" = share.duplicate of its share) gives a canvas with the
 * template's cards: each node's title, each memo's text, each edge between two cards of the new
 * canvas, each group around its members, each document's formatting (headings, lists, tables,
 * marks) and each code artifact's code, all in the template's language. And a user's own template
 * with a cover: another user's library shows a cover URL that answers the image.
 */
import { describe, expect } from 'vitest';
import type { CanvasData, CodeArtifact, Template, TemplateCategory } from '@atelier/contract';
import { CANVAS_SCHEMA_VERSION } from '@atelier/canvas';
import { markdownToDoc } from '@atelier/editor';
import { newId } from '../src/lib/ids.js';
import { BUILTIN_TEMPLATES, type BuiltinNode } from '../src/modules/template/template.builtin.js';
import { memoText } from '../src/modules/template/template.builtin-layout.js';
import type { BuiltUser } from './helpers/factories.js';
import { serverTest } from './helpers/fixtures.js';
import { expectData, PNG, uploadFile } from './helpers/items.js';

const it = serverTest({ BUILTIN_TEMPLATES: 'true' });

const LANGUAGES = ['en', 'zh-CN'] as const;
const CJK = /[\u4e00-\u9fff]/;

/** What a reader sees of a Markdown document: its blocks, heading levels, marks and text. */
function structure(markdown: string): unknown {
  return markdownToDoc(markdown);
}

/** The text of every node of a template, for the language check. */
function texts(nodes: readonly BuiltinNode[]): string[] {
  return nodes.map((n) => (n.type === 'group' ? n.title : `${n.title}\n${n.content}`));
}

async function useTemplate(user: BuiltUser, shareId: string): Promise<CanvasData> {
  const copy = expectData(
    await user.post<{ entityType: string; entityId: string }>('/v1/share/duplicate', { shareId }),
  );
  expect(copy.entityType).toBe('canvas');
  return expectData(await user.get<CanvasData>('/v1/canvas/data', { canvasId: copy.entityId }));
}

describe('built-in templates', () => {
  it('there are at least 20, each in English and Chinese, with real starting content', () => {
    expect(BUILTIN_TEMPLATES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(BUILTIN_TEMPLATES.map((t) => t.key)).size).toBe(BUILTIN_TEMPLATES.length);
    for (const template of BUILTIN_TEMPLATES) {
      for (const language of LANGUAGES) {
        const locale = template.locales[language];
        const where = `${template.key}:${language}`;
        const ids = new Set(locale.nodes.map((n) => n.id));
        expect(ids.size, where).toBe(locale.nodes.length);
        // a memo to start from, at least two cards with content, edges between existing nodes
        expect(
          locale.nodes.some((n) => n.type === 'memo'),
          where,
        ).toBe(true);
        expect(
          locale.nodes.filter((n) => n.type === 'document' || n.type === 'codeArtifact').length,
          where,
        ).toBeGreaterThanOrEqual(2);
        expect(locale.edges.length, where).toBeGreaterThan(0);
        for (const [source, target] of locale.edges) {
          expect(ids.has(source) && ids.has(target), `${where} ${source}→${target}`).toBe(true);
        }
        for (const node of locale.nodes) {
          expect(node.title.trim(), `${where} ${node.id}`).not.toBe('');
          if (node.type !== 'group') expect(node.content.trim(), `${where} ${node.id}`).not.toBe('');
          if ('group' in node && node.group)
            expect(locale.nodes.find((n) => n.id === node.group)?.type, where).toBe('group');
        }
        // written in its language: Chinese in every zh-CN text, none in the English ones
        const all = [locale.title, locale.description, ...texts(locale.nodes)];
        if (language === 'zh-CN') for (const text of all) expect(text, where).toMatch(CJK);
        else for (const text of all) expect(text, where).not.toMatch(CJK);
      }
    }
    // code artifacts and groups where they help: a diagram, a mind map, an app…
    const nodes = BUILTIN_TEMPLATES.flatMap((t) => t.locales.en.nodes);
    expect(nodes.filter((n) => n.type === 'codeArtifact').length).toBeGreaterThanOrEqual(8);
    expect(nodes.filter((n) => n.type === 'group').length).toBeGreaterThanOrEqual(3);
  });

  it('a canvas made from any of them keeps titles, memo text, edges, groups, formatting and code', async ({
    server,
    alice,
  }) => {
    for (const language of LANGUAGES) {
      const listed = expectData(
        await server.client().get<Template[]>('/v1/template/list', { language, pageSize: 100 }),
      );
      expect(listed.length).toBeGreaterThanOrEqual(20);
      for (const template of BUILTIN_TEMPLATES) {
        const locale = template.locales[language];
        const where = `${template.key}:${language}`;
        const row = listed.find((t) => t.title === locale.title);
        expect(row, where).toBeDefined();
        expect(row!.language, where).toBe(language);
        expect(row!.description, where).toBe(locale.description);
        // its cover is the canvas's thumbnail: a PNG anyone can load from the app's own address
        expect(row!.coverUrl, where).toBe(`/share/${row!.shareId}/files/cover`);
        const cover = await server.client().fetch(row!.coverUrl!);
        expect(cover.status, where).toBe(200);
        expect(cover.headers.get('content-type'), where).toBe('image/png');
        const png = Buffer.from(await cover.arrayBuffer());
        expect(png.subarray(1, 4).toString('latin1'), where).toBe('PNG');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)], where).toEqual([640, 256]);
        const data = await useTemplate(alice, row!.shareId);

        expect(data.nodes.map((n) => n.id).sort(), where).toEqual(locale.nodes.map((n) => n.id).sort());
        const copied = new Map(data.nodes.map((n) => [n.id, n]));
        for (const node of locale.nodes) {
          const copy = copied.get(node.id)!;
          const at = `${where} ${node.id}`;
          expect(copy.type, at).toBe(node.type);
          expect(copy.data.title, at).toBe(node.title);
          // cards are drawn at their own size: a stored size would leave the edges beside them
          if (node.type !== 'group') expect(copy.width ?? copy.height, at).toBeUndefined();
          if (node.type === 'memo') expect(copy.data.contentPreview, at).toBe(memoText(node));
          if (node.type === 'group') expect(copy.width! * copy.height!, at).toBeGreaterThan(0);
          if ('group' in node && node.group) expect(copy.parentId, at).toBe(node.group);
          if (node.type === 'document') {
            const doc = expectData(
              await alice.get<{ title: string; content: string }>('/v1/knowledge/document/detail', {
                docId: copy.data.entityId,
              }),
            );
            expect(doc.title, at).toBe(node.title);
            expect(structure(doc.content), at).toEqual(structure(node.content));
          }
          if (node.type === 'codeArtifact') {
            const artifact = expectData(
              await alice.get<CodeArtifact>('/v1/codeArtifact/detail', { artifactId: copy.data.entityId }),
            );
            expect(artifact, at).toMatchObject({
              title: node.title,
              type: node.artifactType,
              content: node.content,
            });
          }
        }
        // every edge joins two cards of the new canvas, and none is lost
        expect(data.edges.map((e) => [e.source, e.target]).sort(), where).toEqual(
          [...locale.edges].map(([s, t]) => [s, t]).sort(),
        );
        for (const edge of data.edges) {
          expect(copied.has(edge.source) && copied.has(edge.target), `${where} ${edge.id}`).toBe(true);
        }
        // cards do not lie on one another (top-level cards of one column are stacked apart)
        const tops = data.nodes.filter((n) => !n.parentId);
        for (const a of tops)
          for (const b of tops)
            if (a !== b && a.position.x === b.position.x)
              expect(a.position.y, `${where} ${a.id}/${b.id}`).not.toBe(b.position.y);
      }
    }
  });
});

describe("a user's own template", () => {
  it("shows its cover to other users and to anyone, as image bytes from the app's own address", async ({
    server,
    alice,
    bob,
  }) => {
    const row = await server.server.services.canvases.insert(
      alice.uid,
      { canvasId: newId('canvas'), title: 'Sprint board', projectId: null, minimapStorageKey: null },
      {
        schemaVersion: CANVAS_SCHEMA_VERSION,
        nodes: [
          {
            id: 'm',
            type: 'memo',
            position: { x: 0, y: 0 },
            data: { title: '', entityId: '', contentPreview: 'Goals', metadata: {} },
          },
        ],
        edges: [],
      },
    );
    const cover = await uploadFile(alice.client, { body: PNG, name: 'cover.png', type: 'image/png' });
    const categories = expectData(await alice.get<TemplateCategory[]>('/v1/template/category/list'));
    const created = expectData(
      await alice.post<Template>('/v1/template/create', {
        canvasId: row.canvasId,
        title: 'Sprint board',
        description: 'Goals, tasks and a review',
        language: 'en',
        categoryId: categories.find((c) => c.name === 'work')!.categoryId,
        coverStorageKey: cover,
      }),
    );
    for (const reader of [bob.client, server.client()]) {
      const listed = expectData(
        await reader.get<Template[]>('/v1/template/list', { pageSize: 100, q: 'Sprint board' }),
      );
      const seen = listed.find((t) => t.templateId === created.templateId)!;
      // relative to the address the app was reached at (no PUBLIC_URL here): never localhost
      expect(seen).toMatchObject({
        ownCover: true,
        coverUrl: `/share/${created.shareId}/files/templateCover`,
      });
      const image = await reader.fetch(seen.coverUrl!);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });
});
