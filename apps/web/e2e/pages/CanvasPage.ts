/** Page objects: the canvases list and one canvas with its toolbar, context menu and panels. */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { clickToFocus, LONG_WAIT } from '../support/browser';

/** The bytes of a finished download. */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

export class CanvasListPage {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('canvas-list-page');
  }

  async createCanvas(): Promise<CanvasScreen> {
    await this.page.getByTestId('canvas-create').click();
    const screen = new CanvasScreen(this.page);
    await screen.waitUntilSaved();
    return screen;
  }
}

export class CanvasScreen {
  readonly root: Locator;
  readonly status: Locator;
  readonly memos: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('canvas-page');
    this.status = page.getByTestId('canvas-toolbar').getByTestId('collab-status');
    this.memos = page.getByTestId('canvas-node-memo');
  }

  /** Picks a skill (or skill instance) in the Ask-AI launchpad by the text of its option. */
  async chooseSkill(text: string): Promise<void> {
    await this.page.getByTestId('ai-skill-select').click();
    await this.page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: text })
      .first()
      .click();
  }

  async waitUntilSaved(): Promise<void> {
    await this.page.locator('[data-testid="canvas-toolbar"] [data-status="saved"]').waitFor();
  }

  canvasId(): string {
    return new URL(this.page.url()).pathname.split('/').pop() ?? '';
  }

  async addMemo(text: string): Promise<void> {
    const before = await this.memos.count();
    await this.page.getByTestId('canvas-add-memo').click();
    const memo = this.memos.nth(before).locator('textarea');
    await memo.fill(text);
  }

  node(type: string): Locator {
    return this.page.getByTestId(`canvas-node-${type}`);
  }

  /** The React Flow wrapper of a node (what gets selected and right-clicked). */
  flowNode(type: string, index = 0): Locator {
    return this.page
      .locator('.react-flow__node')
      .filter({ has: this.node(type) })
      .nth(index);
  }

  /** Selects a node by clicking its top-left corner (outside any text field inside it). */
  async select(type: string, index = 0, additive = false): Promise<void> {
    await this.flowNode(type, index).click({
      position: { x: 3, y: 3 },
      modifiers: additive ? ['ControlOrMeta'] : [],
    });
  }

  async contextMenu(target: Locator, item: string, position = { x: 3, y: 3 }): Promise<void> {
    await target.click({ button: 'right', position });
    const menu = this.page.getByTestId('canvas-context-menu');
    await menu.getByRole('menuitem', { name: item, exact: true }).click();
    await menu.waitFor({ state: 'detached' });
  }

  async paneContextMenu(item: string): Promise<void> {
    const pane = this.page.locator('.react-flow__pane');
    const box = await pane.boundingBox();
    if (!box) throw new Error('no pane');
    await pane.click({ button: 'right', position: { x: box.width - 200, y: box.height - 200 } });
    await this.page
      .getByTestId('canvas-context-menu')
      .getByRole('menuitem', { name: item, exact: true })
      .click();
  }

  /** Waits until toasts (shown over the toolbar) are gone. */
  async waitForToasts(): Promise<void> {
    await this.page.locator('.ant-message-notice').first().waitFor({ state: 'detached' });
  }

  async addCodeArtifact(type: string): Promise<void> {
    await this.page.getByTestId('canvas-add-artifact').click();
    await this.page.getByTestId(`canvas-add-artifact-${type}`).click();
    await this.node('codeArtifact').last().waitFor();
  }

  async exportImage(): Promise<Buffer> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: LONG_WAIT }),
      this.page.getByTestId('canvas-export-image').click(),
    ]);
    return downloadBytes(download);
  }

  async openViewSettings(): Promise<Locator> {
    const panel = this.page.getByTestId('canvas-view-settings');
    if (!(await panel.isVisible())) await this.page.getByTestId('canvas-view-button').click();
    await panel.waitFor();
    return panel;
  }

  async addDocument(text: string): Promise<void> {
    await this.page.getByTestId('canvas-add-document').click();
    const editor = this.page.getByTestId('doc-editor');
    await editor.waitFor();
    await clickToFocus(editor);
    await this.page.keyboard.type(text);
    await this.page.locator('[data-testid="document-panel"] [data-status="saved"]').waitFor();
  }
}
