/** Page objects: the library screen, its import modal and the resource detail. */
import type { Locator, Page } from 'playwright-core';
import { clickUntil, LONG_WAIT } from '../support/browser';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export class ImportModal {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('import-modal').locator('.ant-modal');
  }

  /** The content of one tab (antd gives each panel the id `…-panel-<key>`). */
  panel(key: 'webSearch' | 'file' | 'image' | 'weblink' | 'text' | 'clipper'): Locator {
    return this.root.locator(`[role="tabpanel"][id$="-panel-${key}"]`);
  }

  /** Upload rows of the file or image tab. */
  uploads(tab: 'file' | 'image' = 'file'): Locator {
    return this.panel(tab).getByTestId('import-upload');
  }

  async openTab(key: 'webSearch' | 'file' | 'image' | 'weblink' | 'text' | 'clipper'): Promise<void> {
    const active = this.root.locator('.ant-tabs-tab-active').getByTestId(`import-tab-${key}`);
    await clickUntil(this.root.getByTestId(`import-tab-${key}`), active);
  }

  /** Chooses files in the upload tab and waits until every row reached `done` or `error`. */
  async uploadFiles(files: FilePayload[], tab: 'file' | 'image' = 'file'): Promise<void> {
    await this.openTab(tab);
    await this.panel(tab).locator('input[type=file]').setInputFiles(files);
    // every file has its row, and no row is still uploading (Playwright re-checks on each change)
    await this.uploads(tab)
      .nth(files.length - 1)
      .waitFor({ timeout: LONG_WAIT });
    await this.panel(tab)
      .locator('[data-testid="import-upload"][data-state="uploading"]')
      .first()
      .waitFor({ state: 'detached', timeout: LONG_WAIT });
  }

  async addLinks(text: string): Promise<void> {
    await this.openTab('weblink');
    await this.root.getByTestId('import-links').fill(text);
    await this.root.getByTestId('import-links-save').click();
  }

  async addText(title: string, content: string): Promise<void> {
    await this.openTab('text');
    await this.root.getByTestId('import-text-title').fill(title);
    await this.root.getByTestId('import-text-content').fill(content);
    await this.root.getByTestId('import-text-save').click();
  }

  async close(): Promise<void> {
    await this.root.locator('.ant-modal-close').click();
    await this.root.waitFor({ state: 'hidden' });
  }
}

export class LibraryScreen {
  readonly root: Locator;
  readonly rows: Locator;
  readonly importModal: ImportModal;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('library-page');
    this.rows = page.getByTestId('library-row');
    this.importModal = new ImportModal(page);
  }

  async goto(tab = ''): Promise<this> {
    await this.page.goto(tab ? `/library/${tab}` : '/library');
    await this.root.waitFor({ timeout: LONG_WAIT });
    return this;
  }

  async openImport(): Promise<ImportModal> {
    await this.page.getByTestId('library-import').click();
    await this.importModal.root.waitFor();
    return this.importModal;
  }

  row(title: string): Locator {
    return this.rows.filter({
      has: this.page.getByTestId('library-row-title').getByText(title, { exact: true }),
    });
  }

  /** Waits until the row's index status shows `status` (the list polls while work is in progress). */
  async waitForStatus(title: string, status: string, timeout = 60_000): Promise<void> {
    await this.row(title)
      .locator(`[data-testid="index-status"][data-status="${status}"]`)
      .waitFor({ timeout });
  }

  async filter(text: string): Promise<void> {
    await this.page
      .getByTestId('library-filter-text')
      .locator('xpath=descendant-or-self::input')
      .first()
      .fill(text);
  }

  async delete(title: string): Promise<void> {
    const row = this.row(title);
    // the menu opens in a portal; pick this row's own item, not whichever menu was opened last
    const id = await row.getAttribute('data-id');
    await row.getByTestId('library-row-more').click();
    await this.page.locator(`[data-testid="library-row-delete"][data-row-id="${id}"]`).click();
    await clickUntil(this.page.getByTestId('library-delete-confirm'), this.row(title), 'detached');
  }
}

export class ResourceDetail {
  readonly root: Locator;
  readonly content: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('resource-panel');
    this.content = page.getByTestId('resource-content');
  }
}
