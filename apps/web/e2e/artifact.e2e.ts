/**
 * The code artifact view against the real server: mermaid, HTML in the sandbox (no same-origin
 * access), a React component compiled in the browser, SVG download, and the mind map.
 */
import { describe, expect } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { clickToFocus, openPage, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';

let context: BrowserContext;
let page: Page;

const it = e2eTest();

// one signed-in page for the file's tests (closed with the file's browser)
it.beforeAll(async ({ server, browser }) => {
  ({ context, page } = await openPage(browser, server.baseUrl));
  await createAccount(server, context.request, uniqueEmail('artifact'));
  await skipOnboarding(context.request);
});

async function createArtifact(
  request: APIRequestContext,
  type: string,
  content: string,
  title = `A ${type} artifact`,
): Promise<string> {
  const artifact = await apiCall<{ artifactId: string }>(request, 'POST', '/codeArtifact/new', {
    type,
    title,
    content,
  });
  return artifact.artifactId;
}

async function open(artifactId: string): Promise<void> {
  await page.goto(`/artifacts/${artifactId}`);
  await page.getByTestId('artifact-panel').waitFor();
}

const MIND_MAP = JSON.stringify({
  id: 'root',
  label: 'Plan',
  children: [
    { id: 'a', label: 'Research' },
    { id: 'b', label: 'Write' },
  ],
});

describe('code artifact view', () => {
  it('renders a mermaid diagram as SVG', async () => {
    const id = await createArtifact(
      context.request,
      'mermaid',
      'graph TD\n  A[Idea] --> B[Canvas]\n  B --> C[Document]\n',
    );
    await open(id);
    const svg = page.locator('[data-testid="artifact-mermaid"] svg');
    await svg.waitFor();
    expect(await svg.locator('text=Canvas').count()).toBeGreaterThan(0);
    await screenshot(page, 'artifact-mermaid-light');
  });

  it('runs HTML in a sandbox without same-origin access', async () => {
    const html = `<!doctype html><html><body><p id="out">not run</p><script>
      var report = ['origin=' + self.origin];
      try { report.push('parent=' + window.parent.document.title); } catch (e) { report.push('parent=blocked'); }
      try { report.push('cookie=' + document.cookie); } catch (e) { report.push('cookie=blocked'); }
      try { localStorage.getItem('x'); report.push('storage=open'); } catch (e) { report.push('storage=blocked'); }
      document.getElementById('out').textContent = 'ran ' + report.join(' ');
    </script></body></html>`;
    const id = await createArtifact(context.request, 'html', html);
    await open(id);
    const frame = page.getByTestId('artifact-frame');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    const out = page.frameLocator('[data-testid="artifact-frame"]').locator('#out');
    await out.filter({ hasText: 'ran' }).waitFor();
    const text = await out.textContent();
    expect(text).toContain('origin=null');
    expect(text).toContain('parent=blocked');
    expect(text).toContain('cookie=blocked');
    expect(text).toContain('storage=blocked');
    await screenshot(page, 'artifact-html-light');
  });

  it('compiles a React component in the browser and runs it with the bundled React', async () => {
    const code = `import { useState } from 'react';
type Props = { start?: number };
export default function Counter({ start = 0 }: Props) {
  const [count, setCount] = useState(start);
  return <button id="counter" onClick={() => setCount(count + 1)}>Clicked {count} times</button>;
}
`;
    const id = await createArtifact(context.request, 'react', code);
    await open(id);
    const button = page.frameLocator('[data-testid="artifact-frame"]').locator('#counter');
    await button.waitFor();
    expect(await button.textContent()).toBe('Clicked 0 times');
    await button.click();
    await button.filter({ hasText: 'Clicked 1 times' }).waitFor();
    await screenshot(page, 'artifact-react-light');
  });

  it('downloads sanitized SVG and says when there is none', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" onload="alert(1)"><script>alert(2)</script><rect width="120" height="60" fill="#6c5ce7"/></svg>';
    const id = await createArtifact(context.request, 'svg', svg);
    await open(id);
    await page.locator('[data-testid="artifact-svg"] svg rect').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('svg-download').click(),
    ]);
    const saved = readFileSync(await download.path(), 'utf8');
    expect(saved).toContain('<svg');
    expect(saved).toContain('<rect');
    expect(saved).not.toContain('script');
    expect(saved).not.toContain('onload');

    const empty = await createArtifact(context.request, 'svg', 'no picture here');
    await open(empty);
    await page.getByTestId('svg-download').click();
    await page.getByText('SVG download error').waitFor();
  });

  it('edits a mind map: adds a child and a sibling (saved) and reports invalid JSON', async () => {
    const id = await createArtifact(context.request, 'mindmap', MIND_MAP);
    await open(id);
    const cards = page.getByTestId('mindmap-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    await cards.filter({ hasText: 'Research' }).click();
    const cardCount = (n: number) =>
      page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="mindmap-card"]').length === count,
        n,
      );
    await page.getByTestId('mindmap-add-child').click();
    await cardCount(4);
    await page.getByTestId('mindmap-add-sibling').click();
    await cardCount(5);
    await screenshot(page, 'artifact-mindmap-light');
    await page.locator('[data-testid="artifact-save-status"][data-pending="false"]').waitFor();
    const detail = await apiCall<{ content: string }>(
      context.request,
      'GET',
      `/codeArtifact/detail?artifactId=${id}`,
    );
    const root = JSON.parse(detail.content) as { children: { id: string; children?: unknown[] }[] };
    expect(root.children).toHaveLength(3);
    expect(root.children.find((c) => c.id === 'a')?.children).toHaveLength(1);

    // broken JSON typed in the code tab: the preview says so and nothing invalid is saved
    await page.getByText('Split', { exact: true }).click();
    await clickToFocus(page.locator('.cm-content'));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{ "id": "root", ');
    await page.getByTestId('mindmap-invalid').waitFor();
    expect(await page.getByTestId('mindmap-invalid').textContent()).toContain('Invalid mind map data format');
    await screenshot(page, 'artifact-mindmap-invalid-light');
  });

  it('looks right in dark mode', async ({ server, open }) => {
    const dark = await open({ colorScheme: 'dark' });
    try {
      await createAccount(server, dark.context.request, uniqueEmail('artifact-dark'));
      await skipOnboarding(dark.context.request);
      const id = await createArtifact(dark.context.request, 'mermaid', 'graph LR\n  A[Start] --> B[End]\n');
      await dark.page.goto(`/artifacts/${id}`);
      await dark.page.locator('[data-testid="artifact-mermaid"] svg').waitFor();
      await dark.page.getByText('Split', { exact: true }).click();
      await dark.page.locator('.cm-content').waitFor();
      await screenshot(dark.page, 'artifact-mermaid-split-dark');
    } finally {
      await dark.context.close();
    }
  });
});
