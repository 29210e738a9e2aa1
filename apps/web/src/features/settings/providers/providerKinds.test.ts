import { describe, expect, it } from 'vitest';
import { PROVIDER_KINDS, webSearchProviderNames } from './providerKinds';

describe('web-search provider names', () => {
  it('are the web-search types the provider form offers, in each language', () => {
    const offered = PROVIDER_KINDS.filter((k) => k.categories.includes('webSearch')).map((k) => k.key);
    expect(offered).toEqual(['searxng', 'serper', 'tavily', 'brave']);
    expect(webSearchProviderNames('en')).toBe('SearXNG, Serper, Tavily or Brave Search');
    expect(webSearchProviderNames('zh-CN')).toBe('SearXNG、Serper、Tavily 或 Brave Search');
  });
});
