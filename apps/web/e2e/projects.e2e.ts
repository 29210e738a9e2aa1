/**
 * Projects and labels against the real server: create a project from the sidebar, add an
 * existing canvas, keep custom instructions across a reload, create a label class and put one
 * of its values on a document of the project.
 */
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { animationsDone, clickUntil, openPage, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';

let context: BrowserContext;
let page: Page;
let projectUrl = '';

/** A 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

const it = e2eTest();

/**
 * Opens the project's "Add …" dialog and adds the item titled `title`. On a loaded machine a
 * click aimed at an option while the dialog still zoomed in landed beside it (the Add button
 * stayed disabled for 60 s): the option is clicked once the dialog has stopped moving, and again
 * only if the Add button has not been enabled 10 s later.
 */
async function addToProject(button: 'project-add-canvas' | 'project-add-files', title: string) {
  const option = page.getByTestId('project-pick-option').filter({ hasText: title }).first();
  await clickUntil(page.getByTestId(button), option);
  await animationsDone(page);
  const add = page.getByTestId('project-pick-add');
  await clickUntil(option, add.and(page.locator(':enabled')));
  await add.click();
}

// one signed-in page for the file's tests (closed with the file's browser)
it.beforeAll(async ({ server, browser }) => {
  ({ context, page } = await openPage(browser, server.baseUrl));
  await createAccount(server, context.request, uniqueEmail('projects'));
  await skipOnboarding(context.request);
});

describe('projects', () => {
  it('creates a project from the sidebar and adds an existing canvas to it', async () => {
    await apiCall(context.request, 'POST', '/canvas/create', { title: 'Research board' });
    await page.goto('/');
    await page.getByTestId('sidebar').getByText('Projects', { exact: true }).click();
    await page.getByTestId('projects-page').waitFor();
    await screenshot(page, 'projects-empty-light');

    await page.getByTestId('project-create').click();
    // the name is required, as the server says
    await page.getByTestId('project-save').click();
    await page.getByText('Project name is required').waitFor();
    await page.getByTestId('project-name').fill('Thesis');
    await page.getByTestId('project-description').fill('Everything for the thesis');
    // a cover: other types are refused before uploading, a PNG is uploaded and shown
    const coverInput = page.getByTestId('project-cover-form-field').locator('input[type="file"]');
    await coverInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('The cover must be a PNG, JPEG, GIF or WebP image').waitFor();
    await coverInput.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('project-cover-form-image').waitFor();
    await screenshot(page, 'project-form-cover-light');
    await page.getByTestId('project-save').click();
    await page.getByTestId('project-detail').waitFor();
    await page.getByTestId('project-cover').waitFor();
    const cover = await page
      .getByTestId('project-cover')
      .evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(cover).toBe(2);
    projectUrl = new URL(page.url()).pathname;
    expect(projectUrl).toMatch(/^\/projects\/p-/);
    expect(await page.getByTestId('project-title').textContent()).toBe('Thesis');

    await addToProject('project-add-canvas', 'Research board');
    const canvasRow = page.getByTestId('project-item-canvas');
    await canvasRow.filter({ hasText: 'Research board' }).waitFor();

    // opening it goes to the canvas
    await canvasRow.getByTestId('project-item-open').click();
    await page.waitForURL(/\/canvas\/c-/);
    await page.goBack();
    await page.getByTestId('project-detail').waitFor();
  });

  it('keeps custom instructions after a reload', async () => {
    await page.getByTestId('project-instructions-edit').click();
    await page
      .getByTestId('project-instructions-input')
      .fill('Answer in formal academic English.\nCite sources.');
    await page.getByTestId('project-instructions-save').click();
    await page.getByTestId('project-instructions').filter({ hasText: 'Cite sources.' }).waitFor();
    await page.reload();
    await page.getByTestId('project-instructions').filter({ hasText: 'Cite sources.' }).waitFor();
    expect(await page.getByTestId('project-instructions').textContent()).toContain(
      'Answer in formal academic English.',
    );
  });

  it('creates a label class and puts one of its values on a file of the project', async () => {
    await apiCall(context.request, 'POST', '/knowledge/document/create', { title: 'Chapter one' });
    // from the project's page afresh: a retry must not find the failed try's dialog still open
    await page.goto(projectUrl);
    await addToProject('project-add-files', 'Chapter one');
    await page.getByTestId('project-item-document').filter({ hasText: 'Chapter one' }).first().waitFor();

    await page.goto('/projects');
    await page.getByTestId('projects-labels').click();
    await page.getByTestId('labels-page').waitFor();
    await page.getByTestId('label-class-create').click();
    await page.getByTestId('label-class-name').fill('status');
    await page.getByTestId('label-class-display-name').fill('Status');
    await page.getByTestId('label-class-prompt').fill('How far along the item is');
    // at least one value
    await page.getByTestId('label-class-save').click();
    await page.getByText('At least one label value is required').waitFor();
    const values = page.locator('[data-testid="label-class-values"] input');
    await values.fill('Draft');
    await values.press('Enter');
    await values.fill('Final');
    await values.press('Enter');
    await page.getByTestId('label-class-save').click();
    await page.getByTestId('label-class-table').getByText('Status', { exact: true }).waitFor();
    const classes = await apiCall<{ name: string; values: string[] }[]>(
      context.request,
      'GET',
      '/label/class/list',
    );
    expect(classes).toEqual([expect.objectContaining({ name: 'status', values: ['Draft', 'Final'] })]);
    await screenshot(page, 'labels-light');

    await page.goto(projectUrl);
    const doc = page.getByTestId('project-item-document').filter({ hasText: 'Chapter one' });
    await doc.getByTestId('item-labels-add').click();
    await page.getByRole('menuitem', { name: 'Status' }).hover();
    await page.getByTestId('label-option-Draft').click();
    await doc.getByTestId('item-label').filter({ hasText: 'Status: Draft' }).waitFor();
    await screenshot(page, 'project-detail-light');
  });

  it('looks right in dark mode', async ({ server, open }) => {
    const dark = await open({ colorScheme: 'dark' });
    try {
      await createAccount(server, dark.context.request, uniqueEmail('projects-dark'));
      await skipOnboarding(dark.context.request);
      const project = await apiCall<{ projectId: string }>(dark.context.request, 'POST', '/project/new', {
        name: 'Dark project',
        description: 'Seen at night',
        customInstructions: 'Be brief.',
      });
      await dark.page.goto('/');
      await dark.page.goto('/projects');
      await dark.page.getByTestId('project-card').waitFor();
      await screenshot(dark.page, 'projects-dark');
      await dark.page.goto(`/projects/${project.projectId}`);
      await dark.page.getByTestId('project-detail').waitFor();
      await screenshot(dark.page, 'project-detail-dark');
    } finally {
      await dark.context.close();
    }
  });
});
