/**
 * Skill management against the real server and a fake OpenAI-compatible model on 127.0.0.1:
 * create a skill instance from the marketplace with its settings, run it and see its job finish,
 * create a timer trigger due a few seconds ahead and see its job appear without a reload, pin the
 * instance, turn the trigger off, then pick the pinned instance first in a canvas's Ask-AI
 * launchpad and run it there. Screenshots in light and dark, English and Chinese.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { startFakeModelServer, type FakeModelServer } from '../../server/test/helpers/fake-model-server';
import { createAccount, uniqueEmail } from './support/accounts';
import { apiCall, skipOnboarding } from './support/api';
import { clickToFocus, screenshot } from './support/browser';
import { CanvasScreen } from './pages/CanvasPage';
import { e2eTest } from './support/fixture';

let fake: FakeModelServer;

beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await fake?.close();
});

const it = e2eTest({ OLLAMA_DETECT: 'false', PROVIDER_ALLOW_PRIVATE_NETWORK: 'true' });

/** A chat model on the fake server for the signed-in user of `request`. */
async function addModel(request: APIRequestContext): Promise<void> {
  const provider = await apiCall<{ providerId: string }>(request, 'POST', '/provider/create', {
    providerKey: 'openai-compatible',
    name: 'Fake',
    categories: ['llm'],
    baseUrl: `${fake.url}/v1`,
  });
  await apiCall(request, 'POST', '/provider/item/create', {
    providerId: provider.providerId,
    name: 'fake-chat',
    category: 'llm',
    tier: 't2',
    config: { modelId: 'fake-chat', modelName: 'Fake Chat', contextLimit: 8000, maxOutput: 1000 },
  });
}

/** The browser's local `YYYY-MM-DDTHH:mm:ss` `ms` from now, as a datetime-local input takes it. */
function localInput(page: Page, ms: number): Promise<string> {
  return page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(
      d.getMinutes(),
    )}:${pad(d.getSeconds())}`;
  }, ms);
}

/** Types into a field once it has the focus (page.keyboard goes wherever the focus is). */
async function typeInto(page: Page, testId: string, text: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.click();
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId);
  await page.keyboard.type(text);
}

describe('skill management', () => {
  it('creates an instance, runs it, adds a timer trigger whose job appears, pins it', async ({
    server,
    open,
  }) => {
    fake.reply = 'Arr, the sea is calm today.';
    const { context, page } = await open();
    await createAccount(server, context.request, uniqueEmail('skills'));
    await skipOnboarding(context.request);
    await addModel(context.request);

    await page.goto('/skills');
    await page.getByTestId('skills-page').waitFor();
    await page.getByText('No skills installed yet. Pick one in the marketplace.').waitFor();
    const navSkills = page.getByTestId('sidebar').getByRole('menuitem', { name: /Skills/ });
    await navSkills.waitFor();
    await page.getByTestId('skills-tab-marketplace').click();
    const card = page.locator('[data-testid="skill-template"][data-skill="customPrompt"]');
    await card.waitFor();
    await screenshot(page, 'skills-en-light-marketplace');

    await card.getByTestId('skill-install').click();
    const name = page.getByTestId('skill-instance-name');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Custom prompt');
    // the template's required setting is checked before anything is sent
    await page.getByTestId('skill-instance-save').click();
    await page.locator('.form-field__message', { hasText: 'System prompt is required' }).waitFor();
    await name.fill('Pirate');
    await typeInto(page, 'skill-config-customSystemPrompt', 'Talk like a pirate.');
    await page.getByTestId('skill-instance-emoji').fill('⚓');
    await screenshot(page, 'skills-en-light-create');
    await page.getByTestId('skill-instance-save').click();
    await page.getByTestId('skill-detail').waitFor();
    await page.getByRole('heading', { name: /Pirate/ }).waitFor();
    const skillId = new URL(page.url()).pathname.split('/').pop() ?? '';

    // a run by hand: its job appears and finishes
    await typeInto(page, 'skill-run-query', 'How is the sea?');
    await page.getByTestId('skill-run').click();
    await page.getByText('Job started').waitFor();
    await page.locator('[data-testid="job-row"]', { hasText: 'How is the sea?' }).getByText('Done').waitFor();
    const chat = fake.requests.filter((r) => r.path === '/v1/chat/completions').at(-1);
    expect(JSON.stringify(chat?.body)).toContain('Talk like a pirate.');

    // a timer trigger due in 20 s: room for a busy machine to fill in and save the form first
    // (a daily trigger saved after its first time would next run tomorrow)
    await page.getByTestId('trigger-new').click();
    await page.getByTestId('trigger-form').waitFor();
    await typeInto(page, 'trigger-name', 'Morning report');
    await typeInto(page, 'trigger-query', 'Report the tides');
    await screenshot(page, 'skills-en-light-trigger');
    await page.getByTestId('trigger-datetime').fill(await localInput(page, 20_000));
    await page.getByTestId('trigger-save').click();
    await page.getByText('Trigger saved').waitFor();
    const row = page.locator('[data-testid="trigger-row"][data-trigger-name="Morning report"]');
    await row.getByText(/^Every day from /).waitFor();
    // its job appears by itself: the page looks for it once the trigger is due, and the jobs list
    // follows it while it runs
    const triggered = page.locator('[data-testid="job-row"]', { hasText: 'Report the tides' });
    await triggered.getByText('Done').waitFor();
    await screenshot(page, 'skills-en-light-detail', true);

    await row.getByTestId('trigger-enabled').click();
    await page.getByText('Trigger disabled').waitFor();
    expect(await row.getByTestId('trigger-enabled').getAttribute('aria-checked')).toBe('false');

    // back to the list: pin it
    await navSkills.click();
    const item = page.locator('[data-testid="skill-instance-row"][data-skill-name="Pirate"]');
    await item.waitFor();
    await item.getByTestId('skill-pin').click();
    await item.getByTestId('skill-pinned').waitFor();
    await screenshot(page, 'skills-en-light-installed');

    // the pinned instance heads the launchpad's skill picker; run there, it speaks as set up
    const canvas = await apiCall<{ canvasId: string }>(context.request, 'POST', '/canvas/create', {
      title: 'Harbour',
    });
    await page.goto(`/canvas/${canvas.canvasId}`);
    const screen = new CanvasScreen(page);
    await screen.waitUntilSaved();
    await page.getByTestId('ai-launchpad').waitFor();
    await page.getByTestId('ai-skill-select').click();
    const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item');
    await options.filter({ hasText: '⚓ Pirate' }).waitFor();
    // the "Pinned" heading, then the pinned instance
    expect((await options.nth(0).textContent())?.trim()).toBe('Pinned');
    expect((await options.nth(1).textContent())?.trim()).toBe('⚓ Pirate');
    await screenshot(page, 'skills-en-light-launchpad-picker');
    await page.keyboard.press('Escape');
    await screen.chooseSkill('⚓ Pirate');
    await page.getByTestId('ai-skill-select').filter({ hasText: '⚓ Pirate' }).waitFor();
    fake.reply = 'Arr, the harbour is full of ships.';
    const before = fake.requests.length;
    const input = page.getByTestId('ai-input');
    await clickToFocus(input);
    await page.keyboard.type('What is in the harbour?');
    await page.getByTestId('ai-send').click();
    const answer = page
      .locator('[data-testid="canvas-node-skillResponse"][data-phase="completed"]')
      .filter({ hasText: 'What is in the harbour?' });
    await answer.getByTestId('ai-answer').filter({ hasText: 'the harbour is full of ships' }).waitFor();
    const asked = fake.requests.slice(before).filter((r) => r.path === '/v1/chat/completions');
    expect(JSON.stringify(asked.at(-1)?.body)).toContain('Talk like a pirate.');
    await screenshot(page, 'skills-en-light-launchpad-run');
    // it is one of the instance's jobs
    const jobs = await apiCall<Array<{ title: string }>>(
      context.request,
      'GET',
      `/action/list?skillId=${skillId}&pageSize=50`,
    );
    expect(jobs.map((j) => j.title)).toContain('What is in the harbour?');
  });

  it('looks right in dark and in Chinese', async ({ server, open }) => {
    for (const [locale, colorScheme, tag] of [
      ['en-US', 'dark', 'en-dark'],
      ['zh-CN', 'light', 'zh-light'],
      ['zh-CN', 'dark', 'zh-dark'],
    ] as const) {
      const { context, page } = await open({ locale, colorScheme });
      await createAccount(server, context.request, uniqueEmail(`skills-${tag}`));
      await skipOnboarding(context.request);
      const made = await apiCall<{ skillId: string }>(context.request, 'POST', '/skill/instance/new', {
        tplName: 'webSearch',
        displayName: tag.startsWith('zh') ? '每日新闻' : 'Daily news',
        description: tag.startsWith('zh') ? '搜索今天的新闻' : 'Searches today’s news',
      });
      await apiCall(context.request, 'POST', '/skill/instance/pin', { skillId: made.skillId });
      await apiCall(context.request, 'POST', '/skill/instance/new', {
        tplName: 'commonQnA',
        displayName: tag.startsWith('zh') ? '问答助手' : 'Q&A helper',
      });
      await apiCall(context.request, 'POST', '/skill/trigger/new', {
        skillId: made.skillId,
        displayName: tag.startsWith('zh') ? '早报' : 'Morning news',
        triggerType: 'timer',
        timerConfig: {
          datetime: new Date(Date.now() + 86_400_000).toISOString(),
          repeatInterval: 'week',
          timeZone: 'Europe/Paris',
        },
        input: { query: 'News' },
      });

      await page.goto('/skills');
      await page.getByTestId('skill-instance-row').nth(1).waitFor();
      await screenshot(page, `skills-${tag}-installed`);
      await page.getByTestId('skills-tab-marketplace').click();
      await page.getByTestId('skill-template').first().waitFor();
      await screenshot(page, `skills-${tag}-marketplace`);
      await page.goto(`/skills/instance/${made.skillId}`);
      await page.getByTestId('trigger-row').waitFor();
      await screenshot(page, `skills-${tag}-detail`);
      await page.getByTestId('trigger-new').click();
      await page.getByTestId('trigger-form').waitFor();
      await screenshot(page, `skills-${tag}-trigger`);
      await context.close();
    }
  });
});
