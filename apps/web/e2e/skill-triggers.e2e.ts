/**
 * The skill detail page's triggers and instance, edited from the page, against the real server
 * and a fake model on 127.0.0.1: an event trigger ("when a resource of my library is ready") is
 * made from the dialog and runs when a resource becomes ready (its job is listed), the trigger is
 * edited (name and what is asked) and the instance too (its name). Dark + Chinese here; the
 * timer flow of skills.e2e.ts runs in light + English.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { animationsDone, clickToFocus, LONG_WAIT, screenshot } from './support/browser';
import { e2eTest } from './support/fixture';

let fake: FakeModelServer;

beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake?.close();
});

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

async function typeInto(page: Page, testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId);
  await clickToFocus(field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

describe('skill triggers and instances from the detail page', () => {
  it('makes an event trigger that runs when a resource is ready, then edits it and the instance', async ({
    server,
    open,
  }) => {
    fake.reply = '这是资源的摘要。';
    const { context, page } = await open({ locale: 'zh-CN', colorScheme: 'dark' });
    await createAccount(server, context.request, uniqueEmail('triggers'));
    await skipOnboarding(context.request);
    const provider = await apiCall<{ providerId: string }>(context.request, 'POST', '/provider/create', {
      providerKey: 'openai-compatible',
      name: 'Fake',
      categories: ['llm'],
      baseUrl: `${fake.url}/v1`,
    });
    await apiCall(context.request, 'POST', '/provider/item/create', {
      providerId: provider.providerId,
      name: 'fake-chat',
      category: 'llm',
      config: { modelId: 'fake-chat', modelName: 'Fake Chat' },
    });
    const made = await apiCall<{ skillId: string }>(context.request, 'POST', '/skill/instance/new', {
      tplName: 'commonQnA',
      displayName: '图书管理员',
    });

    await page.goto(`/skills/instance/${made.skillId}`);
    await page.getByRole('heading', { name: '图书管理员' }).waitFor();

    // a new trigger on an event
    await page.getByTestId('trigger-new').click();
    await page.getByTestId('trigger-form').waitFor();
    await animationsDone(page);
    await page.getByTestId('trigger-kind-simpleEvent').click();
    await page.getByTestId('trigger-event').getByText('知识库中的资源就绪时').waitFor();
    expect(await page.getByTestId('trigger-datetime').isVisible()).toBe(false);
    await typeInto(page, 'trigger-name', '新资源摘要');
    await typeInto(page, 'trigger-query', '总结这个资源');
    await screenshot(page, 'skill-triggers-event-dark-zh');
    await page.getByTestId('trigger-save').click();
    await page.locator('.ant-message').filter({ hasText: '触发器已保存' }).waitFor();
    const row = page.locator('[data-testid="trigger-row"][data-trigger-name="新资源摘要"]');
    await row.getByText('资源就绪时').waitFor();

    // a resource becomes ready: the trigger runs the skill, with the resource as its context
    await apiCall(context.request, 'POST', '/knowledge/resource/create', {
      resourceType: 'text',
      title: '潮汐笔记',
      content: '潮汐由月球的引力引起。',
    });
    await expect
      .poll(
        async () =>
          (
            await apiCall<Array<{ title: string; status: string }>>(
              context.request,
              'GET',
              `/action/list?skillId=${made.skillId}&pageSize=50`,
            )
          ).map((j) => `${j.title}:${j.status}`),
        { timeout: LONG_WAIT },
      )
      .toContain('总结这个资源:finish');
    await page.reload();
    await page.locator('[data-testid="job-row"]', { hasText: '总结这个资源' }).getByText('已完成').waitFor();
    const asked = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1);
    expect(JSON.stringify(asked?.body)).toContain('潮汐由月球的引力引起');

    // the trigger, edited: the dialog holds what it is, the row shows what it became
    await row.getByTestId('trigger-edit').click();
    await page.locator('.ant-modal-title', { hasText: '编辑触发器' }).waitFor();
    expect(await page.getByTestId('trigger-name').inputValue()).toBe('新资源摘要');
    expect(await page.getByTestId('trigger-query').inputValue()).toBe('总结这个资源');
    await typeInto(page, 'trigger-name', '资源要点');
    await typeInto(page, 'trigger-query', '列出这个资源的要点');
    await page.getByTestId('trigger-save').click();
    const edited = page.locator('[data-testid="trigger-row"][data-trigger-name="资源要点"]');
    await edited.getByText('资源就绪时').waitFor();
    expect(await page.locator('[data-testid="trigger-row"]').count()).toBe(1);
    const triggers = await apiCall<Array<{ displayName: string; input: { query: string } }>>(
      context.request,
      'GET',
      `/skill/trigger/list?skillId=${made.skillId}`,
    );
    expect(triggers.map((tr) => [tr.displayName, tr.input.query])).toEqual([
      ['资源要点', '列出这个资源的要点'],
    ]);

    // the instance, edited from its page
    await page.getByTestId('skill-edit').click();
    await page.getByTestId('skill-instance-form').waitFor();
    await animationsDone(page);
    expect(await page.getByTestId('skill-instance-name').inputValue()).toBe('图书管理员');
    await typeInto(page, 'skill-instance-name', '档案管理员');
    await page.getByTestId('skill-instance-save').click();
    await page.getByRole('heading', { name: '档案管理员' }).waitFor();
    await screenshot(page, 'skill-triggers-detail-dark-zh', true);
  });
});
