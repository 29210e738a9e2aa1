import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { configuredGlobalProviders, detectOllama, GlobalProviders } from './provider.global.js';

const none = {
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
  ANTHROPIC_API_KEY: undefined,
  ANTHROPIC_BASE_URL: undefined,
  OLLAMA_BASE_URL: undefined,
  OLLAMA_DETECT: false,
  SEARXNG_URL: undefined,
};

describe('configuredGlobalProviders', () => {
  it('offers nothing without configuration', () => {
    expect(configuredGlobalProviders(none)).toEqual([]);
  });

  it('names OpenAI itself "openai" and any other endpoint "openai-compatible"', () => {
    const [official] = configuredGlobalProviders({ ...none, OPENAI_API_KEY: 'k' });
    expect(official).toMatchObject({
      providerId: 'pr-global-openai',
      providerKey: 'openai',
      baseUrl: null,
      envApiKey: 'k',
      isGlobal: true,
    });
    const [local] = configuredGlobalProviders({ ...none, OPENAI_BASE_URL: 'http://vllm:8000/v1' });
    expect(local).toMatchObject({
      providerKey: 'openai-compatible',
      envApiKey: null,
      baseUrl: 'http://vllm:8000/v1',
    });
    const all = configuredGlobalProviders({
      ...none,
      ANTHROPIC_API_KEY: 'a',
      OLLAMA_BASE_URL: 'http://ollama:11434',
      SEARXNG_URL: 'http://searx:8080',
    });
    expect(all.map((p) => p.providerId)).toEqual([
      'pr-global-anthropic',
      'pr-global-ollama',
      'pr-global-searxng',
    ]);
  });
});

describe('Ollama detection', () => {
  it('finds an Ollama that answers /api/tags and nothing on a closed port', async () => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(req.url === '/api/tags' ? JSON.stringify({ models: [] }) : '{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(await detectOllama(url)).toBe(true);
      expect(await detectOllama('http://127.0.0.1:9')).toBe(false);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('probes once at start unless OLLAMA_BASE_URL is set or OLLAMA_DETECT is off', async () => {
    const probed: string[] = [];
    const probe = async (url: string) => {
      probed.push(url);
      return true;
    };
    const found = new GlobalProviders({ ...none, OLLAMA_DETECT: true }, undefined, probe);
    expect((await found.list()).map((p) => p.providerId)).toEqual(['pr-global-ollama']);
    expect((await found.get('pr-global-ollama'))?.baseUrl).toBe('http://127.0.0.1:11434');
    await found.list();
    expect(probed).toEqual(['http://127.0.0.1:11434']);

    expect(await new GlobalProviders({ ...none, OLLAMA_DETECT: false }, undefined, probe).list()).toEqual([]);
    await new GlobalProviders(
      { ...none, OLLAMA_DETECT: true, OLLAMA_BASE_URL: 'http://o:1' },
      undefined,
      probe,
    ).list();
    expect(probed).toHaveLength(1);
    const missing = new GlobalProviders({ ...none, OLLAMA_DETECT: true }, undefined, async () => false);
    expect(await missing.list()).toEqual([]);
  });
});
