/** The built-in templates, as browser tests wait for them. */
import { expect } from 'vitest';
import type { APIRequestContext } from 'playwright-core';
import { apiCall } from './api';

/** How many built-in templates each language has (apps/server/src/modules/template/builtin). */
export const BUILTIN_TEMPLATE_COUNT = 22;

/**
 * The built-in templates install after the server listens, category by category (44 canvases on
 * a fresh database take a minute or more on a loaded machine): wait until every one of both
 * languages is listed, so a filter never finds a category still empty.
 */
export async function waitForBuiltins(request: APIRequestContext): Promise<void> {
  const count = async (language: string) =>
    (await apiCall<unknown[]>(request, 'GET', `/template/list?language=${language}&pageSize=100`)).length;
  await expect
    .poll(async () => Math.min(await count('en'), await count('zh-CN')), { timeout: 240_000, interval: 1000 })
    .toBeGreaterThanOrEqual(BUILTIN_TEMPLATE_COUNT);
}
