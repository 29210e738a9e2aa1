import { describe, expect, it } from 'vitest';
import { withoutReferences } from './provider.preferences.js';

describe('withoutReferences', () => {
  const prefs = {
    disableHoverCard: false,
    defaultModel: { chat: 'pi-a', titleGeneration: 'pi-b' },
    webSearch: { providerId: 'pr-1', providerItemId: 'pi-c' },
    urlParsing: { providerId: 'pr-2', providerItemId: 'pi-d' },
  };

  it('drops default models and tool choices that point at deleted things', () => {
    expect(withoutReferences(prefs, { itemIds: ['pi-a', 'pi-d'] })).toEqual({
      disableHoverCard: false,
      defaultModel: { titleGeneration: 'pi-b' },
      webSearch: { providerId: 'pr-1', providerItemId: 'pi-c' },
      urlParsing: { providerId: 'pr-2' },
    });
    expect(withoutReferences(prefs, { providerIds: ['pr-1'], itemIds: ['pi-c'] })).toEqual({
      disableHoverCard: false,
      defaultModel: { chat: 'pi-a', titleGeneration: 'pi-b' },
      urlParsing: { providerId: 'pr-2', providerItemId: 'pi-d' },
    });
  });

  it('answers null when nothing changes', () => {
    expect(withoutReferences(prefs, { providerIds: ['pr-9'], itemIds: ['pi-9'] })).toBeNull();
  });
});
