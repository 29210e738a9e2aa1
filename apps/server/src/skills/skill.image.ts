/**
 * imageGeneration: calls an image API configured in tplConfig (apiUrl, apiKey, imageRatio 1:1 /
 * 16:9 / 9:16, model) with the query as prompt. The API is task based:
 *   POST {apiUrl}/generations {model, prompt, aspect_ratio} → {id}
 *   GET  {apiUrl}/generations/{id} → {status: queued|generating|succeeded|failed, progress?, url?, error?}
 * polled every IMAGE_GENERATION_POLL up to IMAGE_GENERATION_TIMEOUT. Progress is reported as
 * `log` events (imageGeneration: queued, generating with a percentage, complete, timeout, error);
 * the image is downloaded into storage as the user's file, announced as an `artifact` and a
 * `create_node` image node. Failures carry the messages of the spec: API error with status,
 * stream error, timeout, missing URL, missing ID. Every request (API and image download) goes through
 * the safe outbound fetch, private addresses only for hosts the operator allows (privateNetworkAllowed:
 * PROVIDER_ALLOW_PRIVATE_NETWORK, PROVIDER_ALLOWED_HOSTS), each URL on its own; a refused address is E0003.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, badRequest } from '../lib/errors.js';
import { OutboundRefusedError, outboundFetch, type OutboundPolicy } from '../lib/outbound/index.js';
import { privateNetworkAllowed, providerFailure } from '../lib/providers/providers.http.js';
import { tplString } from './skill.prompt.js';
import type { SkillDefinition, SkillRunEnv } from './skill.types.js';

export const IMAGE_RATIOS = ['1:1', '16:9', '9:16'] as const;
export const IMAGE_MODELS = ['gpt-image-1', 'flux-kontext-pro'] as const;
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Largest JSON answer of the image API. */
const MAX_API_BYTES = 1024 * 1024;

export class ImageGenerationError extends AppError {}

const fail = (message: string, code: 'E3001' | 'E3002' | 'E3003' = 'E3001') =>
  new ImageGenerationError(code, message);

function configOf(tplConfig: SkillRunEnv['tplConfig']) {
  const apiUrl = tplString(tplConfig, 'apiUrl');
  const apiKey = tplString(tplConfig, 'apiKey');
  const ratio = tplString(tplConfig, 'imageRatio') ?? '1:1';
  const model = tplString(tplConfig, 'model') ?? IMAGE_MODELS[0];
  return { apiUrl, apiKey, ratio, model };
}

function checkConfig(tplConfig: SkillRunEnv['tplConfig']): void {
  const { apiUrl, apiKey, ratio, model } = configOf(tplConfig);
  if (!apiUrl) throw badRequest('tplConfig.apiUrl: the image API address is required');
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw badRequest('tplConfig.apiUrl: must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('tplConfig.apiUrl: must be an http(s) URL');
  if (!apiKey) throw badRequest('tplConfig.apiKey: the image API key is required');
  if (!(IMAGE_RATIOS as readonly string[]).includes(ratio))
    throw badRequest('tplConfig.imageRatio: must be 1:1, 16:9 or 9:16');
  if (!(IMAGE_MODELS as readonly string[]).includes(model))
    throw badRequest(`tplConfig.model: must be one of ${IMAGE_MODELS.join(', ')}`);
}

interface TaskState {
  status: string;
  progress: number | null;
  url: string | null;
  error: string | null;
}

/** Each address (the API's, then the image it answers) is judged on its own host. */
const policyOf = (env: SkillRunEnv, url: string): OutboundPolicy => ({
  allowPrivate: privateNetworkAllowed(env.ctx.config, url),
});

async function apiJson(
  env: SkillRunEnv,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  what: 'submit' | 'poll',
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await outboundFetch(url, { ...init, signal }, { ...policyOf(env, url), maxBytes: MAX_API_BYTES });
  } catch (err) {
    if (signal.aborted) throw err;
    if (err instanceof OutboundRefusedError) throw providerFailure(err, url) as Error;
    throw fail(
      what === 'submit'
        ? `Image API request failed: ${(err as Error).message}`
        : `Image generation stream error: ${(err as Error).message}`,
    );
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).slice(0, 300);
    throw fail(
      `Image API error: HTTP ${res.status}${text ? ` ${text}` : ''}`,
      res.status === 429 ? 'E3002' : 'E3001',
    );
  }
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    throw fail(
      what === 'submit'
        ? 'Image API error: the answer is not JSON'
        : 'Image generation stream error: the answer is not JSON',
    );
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

function readTask(body: Record<string, unknown>): TaskState {
  const num = typeof body.progress === 'number' ? body.progress : null;
  const url =
    typeof body.url === 'string'
      ? body.url
      : Array.isArray(body.data) && typeof (body.data[0] as { url?: unknown })?.url === 'string'
        ? (body.data[0] as { url: string }).url
        : null;
  return {
    status: typeof body.status === 'string' ? body.status.toLowerCase() : 'generating',
    progress:
      num === null ? null : Math.max(0, Math.min(100, Math.round(num <= 1 && num > 0 ? num * 100 : num))),
    url,
    error: typeof body.error === 'string' ? body.error : null,
  };
}

async function download(env: SkillRunEnv, url: string): Promise<{ storageKey: string; url: string }> {
  const { ctx } = env;
  let res: Response;
  try {
    res = await outboundFetch(
      url,
      { signal: env.signal },
      { ...policyOf(env, url), timeoutMs: ctx.config.FETCH_TIMEOUT, maxBytes: MAX_IMAGE_BYTES },
    );
  } catch (err) {
    if (err instanceof OutboundRefusedError) throw providerFailure(err, url) as Error;
    throw fail(`Image download failed: ${(err as Error).message}`);
  }
  if (!res.ok) throw fail(`Image API error: HTTP ${res.status} while downloading the image`);
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!contentType.startsWith('image/')) throw fail('Image API error: the image URL did not answer an image');
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw fail(`Image download failed: ${(err as Error).message}`);
  }
  const dir = join(ctx.config.dataDir, 'tmp', 'images');
  await mkdir(dir, { recursive: true });
  const path = join(dir, randomUUID());
  await writeFile(path, bytes);
  try {
    const ext = contentType.split('/')[1]?.replace('jpeg', 'jpg').replace('svg+xml', 'svg') ?? 'png';
    return await env.files.upload({
      uid: env.uid,
      file: { path, size: bytes.length, filename: `generated.${ext}`, mimetype: contentType },
      entityType: 'canvas',
      ...(env.target.type === 'canvas' && env.target.id ? { entityId: env.target.id } : {}),
    });
  } finally {
    await rm(path, { force: true });
  }
}

async function generate(env: SkillRunEnv): Promise<Record<string, unknown>> {
  const { ctx } = env;
  const { apiUrl, apiKey, ratio, model } = configOf(env.tplConfig);
  const base = apiUrl!.replace(/\/+$/, '');
  const title = env.input.query.replace(/\s+/g, ' ').trim().slice(0, 80);
  const progress = (status: string, percentage?: number, message?: string) =>
    env.log({
      key: 'imageGeneration',
      titleArgs: { status, ...(percentage !== undefined ? { percentage } : {}) },
      ...(message ? { descriptionArgs: { message } } : {}),
    });
  const deadline = AbortSignal.timeout(ctx.config.IMAGE_GENERATION_TIMEOUT);
  const signal = AbortSignal.any([env.signal, deadline]);
  const headers = {
    authorization: `Bearer ${apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  try {
    await progress('queued');
    const submitted = await apiJson(
      env,
      `${base}/generations`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ model, prompt: env.input.query, aspect_ratio: ratio }),
      },
      signal,
      'submit',
    );
    const id =
      typeof submitted.id === 'string' || typeof submitted.id === 'number' ? String(submitted.id) : '';
    if (!id) throw fail('Image generation failed: the API answered no task ID (missing ID)');
    let task = readTask(submitted);
    let lastReported = -1;
    for (;;) {
      if (task.status === 'failed' || task.status === 'error') {
        throw fail(`Image API error: ${task.error ?? 'generation failed'}`);
      }
      if (['succeeded', 'success', 'completed', 'complete', 'done'].includes(task.status)) break;
      if (task.status !== 'queued') {
        const pct = task.progress ?? 0;
        if (pct !== lastReported) {
          lastReported = pct;
          await progress('generating', pct);
        }
      }
      await sleep(ctx.config.IMAGE_GENERATION_POLL, signal);
      if (signal.aborted) break;
      task = readTask(
        await apiJson(env, `${base}/generations/${encodeURIComponent(id)}`, { headers }, signal, 'poll'),
      );
    }
    if (env.signal.aborted) throw new Error('aborted');
    if (deadline.aborted) throw fail('Image generation timed out', 'E3003');
    if (!task.url) throw fail('Image generation finished without an image URL (missing URL)');
    const stored = await download(env, task.url);
    await progress('complete', 100);
    await env.artifact({ type: 'image', entityId: stored.storageKey, title, status: 'finish' });
    env.emit({
      event: 'create_node',
      step: env.step,
      node: {
        type: 'image',
        data: {
          title,
          entityId: stored.storageKey,
          metadata: {
            imageUrl: stored.url,
            storageKey: stored.storageKey,
            ratio,
            model,
            parentResultId: env.resultId,
          },
        },
      },
    });
    return { storageKey: stored.storageKey, imageUrl: stored.url, ratio, model };
  } catch (err) {
    if (env.signal.aborted) throw err;
    if (deadline.aborted && !(err instanceof ImageGenerationError && err.code !== 'E3003')) {
      await progress('timeout');
      throw fail(
        `Image generation timed out after ${Math.round(ctx.config.IMAGE_GENERATION_TIMEOUT / 1000)} s`,
        'E3003',
      );
    }
    await progress('error', undefined, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

export const imageGenerationSkill: SkillDefinition = {
  name: 'imageGeneration',
  displayName: { en: 'Image generation', 'zh-CN': '图像生成' },
  description: 'Generates an image from your description with an image API you configure.',
  stepName: 'generateImage',
  usesChatModel: false,
  secretConfigKeys: ['apiKey'],
  configSchema: {
    items: [
      {
        key: 'apiUrl',
        inputMode: 'input',
        labelDict: { en: 'API URL', 'zh-CN': 'API 地址' },
        descriptionDict: { en: 'Base URL of the image API', 'zh-CN': '图像 API 的基础地址' },
        required: true,
      },
      {
        key: 'apiKey',
        inputMode: 'input',
        labelDict: { en: 'API key', 'zh-CN': 'API 密钥' },
        descriptionDict: { en: 'Stored encrypted, never shown again', 'zh-CN': '加密保存，不再显示' },
        required: true,
      },
      {
        key: 'imageRatio',
        inputMode: 'select',
        labelDict: { en: 'Aspect ratio', 'zh-CN': '宽高比' },
        descriptionDict: { en: 'Shape of the image', 'zh-CN': '图像的形状' },
        defaultValue: '1:1',
        options: IMAGE_RATIOS.map((value) => ({ value, labelDict: { en: value, 'zh-CN': value } })),
      },
      {
        key: 'model',
        inputMode: 'select',
        labelDict: { en: 'Model', 'zh-CN': '模型' },
        descriptionDict: { en: 'Image model', 'zh-CN': '图像模型' },
        defaultValue: IMAGE_MODELS[0],
        options: IMAGE_MODELS.map((value) => ({ value, labelDict: { en: value, 'zh-CN': value } })),
      },
    ],
  },
  invocationConfig: { context: { rules: [], relation: 'regular' } },
  validate: (_input, tplConfig) => checkConfig(tplConfig),
  prompt: () => ({ system: '', messages: [] }),
  execute: generate,
};
