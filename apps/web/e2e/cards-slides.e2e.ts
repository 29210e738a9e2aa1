/**
 * What a person sees on cards and slides (issue 32 points 1 and 2). On the canvas (light, English):
 * a document card shows its formatted excerpt (a heading, a list, a table; no `**`, no `|---|`),
 * an HTML card its rendered page in the sandbox (not `<!doctype`), a Mermaid card a drawn diagram
 * (not `graph TD`), a mind map a picture of its cards; zoomed out to 0.3 each card keeps a title
 * about 12 px high on screen. The shared canvas draws the same card bodies. On a page (dark,
 * Chinese): the document slide's text is readable in the editor, in Present and on the published
 * page, the diagram is drawn, the image slide is the image, the memo slide is titled by its first
 * line; the page editor stores the diagram's picture, and the published page's PowerPoint shows
 * it instead of the code. An answer slide (a run on the fake model) shows its formatted Markdown
 * in the editor and on the published page.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, importCanvas, pageFromCanvas, sendFresh, skipOnboarding } from './support/api';
import { downloadBytes } from './pages/CanvasPage';
import { chooseMenuItem, LONG_WAIT, screenshot } from './support/browser';
import { buildPng } from './support/files';
import { e2eTest } from './support/fixture';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';

let fake: FakeModelServer;

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

beforeAll(async () => {
  fake = await startFakeModelServer();
});

afterAll(async () => {
  await fake?.close();
});

const DOC = [
  '# Launch plan',
  '',
  'We start with a **bold** move.',
  '',
  '## Goals',
  '',
  '- Research the market',
  '- Build the prototype',
  '',
  '| Step | Owner |',
  '|---|---|',
  '| Design | Ada |',
  '',
].join('\n');
const HTML = '<!doctype html><html><body><h1>Hello from HTML</h1><p>Rendered, not source.</p></body></html>';
const MERMAID = 'graph TD\n  A[Idea] --> B[Launch]';
const MIND_MAP = JSON.stringify({
  id: 'root',
  label: 'Roadmap',
  children: [
    { id: 'a', label: 'Research' },
    { id: 'b', label: 'Build' },
  ],
});

interface Made {
  canvasId: string;
  mermaidId: string;
}

/** A canvas with a document, HTML, Mermaid and mind-map artifacts, a memo and an image resource. */
async function makeCanvas(request: APIRequestContext): Promise<Made> {
  const { docId } = await apiCall<{ docId: string }>(request, 'POST', '/knowledge/document/create', {
    title: 'Launch plan',
    initialContent: DOC,
  });
  const artifact = (type: string, title: string, content: string) =>
    apiCall<{ artifactId: string }>(request, 'POST', '/codeArtifact/new', { type, title, content });
  const html = await artifact('html', 'Hello page', HTML);
  const mermaid = await artifact('mermaid', 'Flow chart', MERMAID);
  const mindMap = await artifact('mindmap', 'Roadmap map', MIND_MAP);
  const upload = await sendFresh(request, () =>
    request.post('/v1/knowledge/resource/createWithFile', {
      multipart: {
        title: 'Swatch',
        file: { name: 'swatch.png', mimeType: 'image/png', buffer: buildPng(64, 40) },
      },
    }),
  );
  const image = ((await upload.json()) as { data: { resourceId: string } }).data;
  const node = (id: string, type: string, x: number, y: number, data: Record<string, unknown>) => ({
    id,
    type,
    position: { x, y },
    data,
  });
  const canvasId = await importCanvas(request, 'Cards', [
    node('d', 'document', 0, 0, { title: 'Launch plan', entityId: docId }),
    node('h', 'codeArtifact', 300, 0, {
      title: 'Hello page',
      entityId: html.artifactId,
      metadata: { artifactType: 'html' },
    }),
    node('m', 'codeArtifact', 600, 0, {
      title: 'Flow chart',
      entityId: mermaid.artifactId,
      metadata: { artifactType: 'mermaid' },
    }),
    // titled like the built-in templates' memos: the title is also the text's first line
    node('n', 'memo', 0, 420, { title: 'Next steps', contentPreview: '## Next steps\nCall the team' }),
    node('k', 'codeArtifact', 300, 420, {
      title: 'Roadmap map',
      entityId: mindMap.artifactId,
      metadata: { artifactType: 'mindmap' },
    }),
    node('r', 'resource', 600, 420, {
      title: 'Swatch',
      entityId: image.resourceId,
      metadata: { resourceType: 'file' },
    }),
  ]);
  return { canvasId, mermaidId: mermaid.artifactId };
}

/** The card of a node by its title. */
const card = (page: Page, type: string, title: string): Locator =>
  page.getByTestId(`canvas-node-${type}`).filter({ hasText: title });

async function zoomOf(page: Page): Promise<number> {
  return page
    .locator('.react-flow__viewport')
    .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

/** The far-zoom title of a card: its text and its height on screen in pixels. */
async function farTitle(target: Locator, zoom: number): Promise<{ text: string; px: number }> {
  const style = await target.evaluate((el) => {
    const after = getComputedStyle(el, '::after');
    return { content: after.content, size: Number.parseFloat(after.fontSize) };
  });
  return { text: style.content.replace(/^"|"$/g, ''), px: style.size * zoom };
}

async function waitForSlideTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction(
    (t) => document.querySelector('[data-testid="slide-title"]')?.textContent === t,
    title,
    { timeout: LONG_WAIT },
  );
}

describe('cards and slides show content', () => {
  it('canvas cards show rendered content and keep a readable title zoomed out', async ({ server, open }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('cards'));
    await skipOnboarding(context.request);
    const { canvasId } = await makeCanvas(context.request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/canvas/${canvasId}`);

    // the document: a formatted excerpt
    const doc = card(page, 'document', 'Launch plan');
    const excerpt = doc.getByTestId('card-document-excerpt');
    // fitted at a readable zoom (cards load their content only there)
    await expect.poll(() => zoomOf(page), { timeout: LONG_WAIT }).toBeGreaterThan(0.45);
    await excerpt.locator('h2').waitFor();
    expect(await excerpt.locator('h2').textContent()).toBe('Goals');
    // the first heading only repeated the card's title: not drawn twice
    expect(await excerpt.locator('h1').count()).toBe(0);
    expect(await excerpt.locator('li').allTextContents()).toEqual([
      'Research the market',
      'Build the prototype',
    ]);
    expect(await excerpt.locator('td').allTextContents()).toEqual(['Design', 'Ada']);
    expect(await excerpt.locator('strong').textContent()).toBe('bold');
    const docText = (await doc.textContent()) ?? '';
    expect(docText).not.toContain('**');
    expect(docText).not.toContain('|---|');

    // the HTML artifact: its page, rendered in the sandbox
    const html = card(page, 'codeArtifact', 'Hello page');
    await html.getByTestId('card-frame').locator('iframe').waitFor();
    await html.frameLocator('iframe').getByText('Hello from HTML').waitFor({ timeout: LONG_WAIT });
    expect((await html.textContent())?.toLowerCase()).not.toContain('<!doctype');

    // the Mermaid artifact: a drawn diagram
    const mermaid = card(page, 'codeArtifact', 'Flow chart');
    await mermaid.getByTestId('card-diagram').locator('svg').waitFor();
    const mermaidText = (await mermaid.textContent()) ?? '';
    expect(mermaidText).toContain('Idea');
    expect(mermaidText).not.toContain('graph TD');
    expect(mermaidText).not.toContain('-->');

    // the mind map: a picture of its cards, not JSON
    const mindMap = card(page, 'codeArtifact', 'Roadmap map');
    await mindMap.getByTestId('card-diagram').locator('svg').waitFor();
    expect(await mindMap.getByTestId('card-diagram').locator('text').allTextContents()).toEqual([
      'Research',
      'Build',
      'Roadmap',
    ]);
    expect(await mindMap.textContent()).not.toContain('"label"');

    // the image file: drawn as the image on its card
    const imageCard = card(page, 'resource', 'Swatch');
    const cardImage = imageCard.getByTestId('card-image');
    await cardImage.waitFor({ timeout: LONG_WAIT });
    await expect
      .poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: LONG_WAIT,
      })
      .toBe(64);
    await screenshot(page, 'cards-canvas-light-en');

    // zoomed out to about 0.3: every card keeps its title, ~12 px on screen, over its type's icon
    const zoomOut = page.locator('.react-flow__controls-zoomout');
    while ((await zoomOf(page)) > 0.32) await zoomOut.click();
    const zoom = await zoomOf(page);
    expect(zoom).toBeGreaterThan(0.15);
    await page.locator('.canvas-screen__flow.is-far').waitFor();
    for (const [type, title] of [
      ['document', 'Launch plan'],
      ['codeArtifact', 'Hello page'],
      ['codeArtifact', 'Flow chart'],
    ] as const) {
      const far = await farTitle(card(page, type, title), zoom);
      expect(far.text).toBe(title);
      expect(far.px).toBeGreaterThanOrEqual(11);
      expect(await card(page, type, title).locator('.canvas-node__far-icon').isVisible()).toBe(true);
    }
    // a memo is titled by its first line there, never an empty box
    expect((await farTitle(page.getByTestId('canvas-node-memo'), zoom)).text).toBe('Next steps');
    await screenshot(page, 'cards-canvas-far-light-en');

    // the shared canvas draws the same card bodies for anyone with the link
    const share = await apiCall<{ shareId: string }>(context.request, 'POST', '/share/new', {
      entityType: 'canvas',
      entityId: canvasId,
    });
    const viewer = await open({ colorScheme: 'dark', locale: 'zh-CN' });
    await viewer.page.setViewportSize({ width: 1440, height: 900 });
    await viewer.page.goto(`/share/${share.shareId}`);
    const sharedDoc = viewer.page.getByTestId('share-canvas-node').filter({ hasText: 'Launch plan' });
    await sharedDoc.getByTestId('card-document-excerpt').locator('h2').waitFor();
    expect(await sharedDoc.textContent()).not.toContain('**');
    const sharedFlow = viewer.page.getByTestId('share-canvas-node').filter({ hasText: 'Flow chart' });
    await sharedFlow.getByTestId('card-diagram').locator('svg').waitFor();
    expect(await sharedFlow.textContent()).not.toContain('graph TD');
    // a memo reads as its text, its first line not repeated by a title above it
    const sharedMemo = viewer.page.getByTestId('share-canvas-node').filter({ hasText: 'Call the team' });
    expect(((await sharedMemo.textContent()) ?? '').split('Next steps').length - 1).toBe(1);
    const sharedImage = viewer.page
      .getByTestId('share-canvas-node')
      .filter({ hasText: 'Swatch' })
      .getByTestId('card-image');
    await sharedImage.waitFor({ timeout: LONG_WAIT });
    await expect
      .poll(() => sharedImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: LONG_WAIT,
      })
      .toBe(64);
    await screenshot(viewer.page, 'cards-share-canvas-dark-zh');
  });

  it('slides show the formatted document, drawn diagrams and images in the editor, Present and the published page', async ({
    server,
    open,
  }) => {
    const { context, page } = await open({ colorScheme: 'dark', locale: 'zh-CN' });
    await createAccount(server, context.request, uniqueEmail('slides'));
    await skipOnboarding(context.request);
    const { canvasId, mermaidId } = await makeCanvas(context.request);
    const pageId = await pageFromCanvas(context.request, canvasId);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/pages/${pageId}`);
    await page.getByTestId('page-slide').nth(5).waitFor();
    // the memo is titled by its first line, as on the canvas
    expect(await page.getByTestId('page-slide-title').allTextContents()).toEqual([
      'Launch plan',
      'Hello page',
      'Flow chart',
      'Next steps',
      'Roadmap map',
      'Swatch',
    ]);

    // the editor's preview: the document's formatted text
    const preview = page.getByTestId('page-preview');
    await preview.getByTestId('slide-document').locator('table').waitFor();
    expect(await preview.getByTestId('slide-document').locator('li').count()).toBe(2);
    expect(await preview.textContent()).not.toContain('**');
    expect(await preview.textContent()).not.toContain('|---|');
    await screenshot(page, 'slides-editor-dark-zh');

    // the editor stores the diagram's picture (for the exports and the published page)
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ previewUrl?: string | null }>(
              context.request,
              'GET',
              `/codeArtifact/detail?artifactId=${mermaidId}`,
            )
          ).previewUrl ?? '',
        { timeout: LONG_WAIT },
      )
      .not.toBe('');

    // Present: the document's text, the diagram drawn, the image as an image
    await page.getByTestId('page-present').click();
    const show = page.getByTestId('slideshow');
    await show.waitFor();
    await waitForSlideTitle(page, 'Launch plan');
    await show.getByTestId('slide-document').locator('h2').waitFor();
    expect(await show.getByTestId('slide-document').textContent()).toContain('We start with a bold move.');
    await show.getByTestId('slideshow-directory').getByText('Flow chart').click();
    await waitForSlideTitle(page, 'Flow chart');
    await show.getByTestId('artifact-mermaid').locator('svg').waitFor();
    expect(await show.getByTestId('slide').textContent()).not.toContain('graph TD');
    await show.getByTestId('slideshow-directory').getByText('Swatch').click();
    await waitForSlideTitle(page, 'Swatch');
    const image = show.getByTestId('slide-image');
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: LONG_WAIT,
      })
      .toBe(64);
    await screenshot(page, 'slides-present-dark-zh');
    await page.getByTestId('slideshow-close').click();

    // published: an anonymous visitor sees the same
    await page.getByTestId('page-publish').click();
    const link = page.getByTestId('share-link');
    await link.waitFor();
    const url = await link.inputValue();
    const visitor = await open();
    await visitor.page.setViewportSize({ width: 1440, height: 900 });
    await visitor.page.goto(url);
    const shared = visitor.page.getByTestId('slideshow');
    await shared.getByTestId('slide-document').locator('table').waitFor();
    expect(await shared.getByTestId('slide-document').textContent()).toContain('We start with a bold move.');
    await screenshot(visitor.page, 'slides-shared-light-en');
    await shared.getByTestId('slideshow-directory').getByText('Flow chart').click();
    await waitForSlideTitle(visitor.page, 'Flow chart');
    await shared.getByTestId('artifact-mermaid').locator('svg').waitFor();
    await shared.getByTestId('slideshow-directory').getByText('Swatch').click();
    const sharedImage = shared.getByTestId('slide-image');
    await sharedImage.waitFor();
    await expect
      .poll(() => sharedImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: LONG_WAIT,
      })
      .toBe(64);
    await shared.getByTestId('slideshow-directory').getByText('Next steps').click();
    await waitForSlideTitle(visitor.page, 'Next steps');

    // its PowerPoint: the diagram is the picture the editor stored, never the code
    const download = visitor.page.waitForEvent('download', { timeout: LONG_WAIT });
    await chooseMenuItem(
      visitor.page.getByTestId('share-page-export'),
      visitor.page.getByTestId('share-page-export-pptx'),
    );
    const files = unzipSync(new Uint8Array(await downloadBytes(await download)));
    const slides = Object.keys(files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    expect(slides).toHaveLength(7);
    for (const name of slides) expect(strFromU8(files[name]!)).not.toContain('graph TD');
    const flowRels = strFromU8(files['ppt/slides/_rels/slide4.xml.rels']!);
    expect(flowRels).toMatch(/\.\.\/media\/[^"]+\.png/);
  });

  it('an answer slide shows its formatted Markdown in the editor and on the published page', async ({
    server,
    open,
  }) => {
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('answer-slide'));
    await skipOnboarding(context.request);
    const { providerId } = await apiCall<{ providerId: string }>(
      context.request,
      'POST',
      '/provider/create',
      {
        providerKey: 'openai-compatible',
        name: 'Fake',
        categories: ['llm'],
        baseUrl: `${fake.url}/v1`,
      },
    );
    const { itemId } = await apiCall<{ itemId: string }>(context.request, 'POST', '/provider/item/create', {
      providerId,
      name: 'fake-chat',
      category: 'llm',
      tier: 't2',
      config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 8000, maxOutput: 1000 },
    });
    fake.reply = '## The short answer\n\nIt is **forty-two**:\n\n- computed\n- checked';
    const { resultId } = await apiCall<{ resultId: string }>(context.request, 'POST', '/skill/invoke', {
      input: { query: 'What is the answer?' },
      modelItemId: itemId,
    });
    await expect
      .poll(
        async () =>
          (await apiCall<{ status: string }>(context.request, 'GET', `/action/result?resultId=${resultId}`))
            .status,
        { timeout: LONG_WAIT },
      )
      .toBe('finish');
    const canvasId = await importCanvas(context.request, 'Answers', [
      {
        id: 'a',
        type: 'skillResponse',
        position: { x: 0, y: 0 },
        data: { title: 'What is the answer?', entityId: resultId },
      },
    ]);
    const pageId = await pageFromCanvas(context.request, canvasId);
    await page.goto(`/pages/${pageId}`);
    const answer = page.getByTestId('page-preview').getByTestId('slide-answer');
    await answer.locator('h2').waitFor();
    expect(await answer.locator('strong').textContent()).toBe('forty-two');
    expect(await answer.locator('li').count()).toBe(2);
    expect(await answer.textContent()).not.toContain('**');

    await page.getByTestId('page-publish').click();
    const link = page.getByTestId('share-link');
    await link.waitFor();
    const visitor = await open({ colorScheme: 'dark', locale: 'zh-CN' });
    await visitor.page.goto(await link.inputValue());
    const shared = visitor.page.getByTestId('slideshow').getByTestId('slide-answer');
    await shared.locator('h2').waitFor();
    expect(await shared.locator('strong').textContent()).toBe('forty-two');
    expect(await shared.textContent()).not.toContain('**');
    await screenshot(visitor.page, 'slides-answer-shared-dark-zh');
  });
});
