/** /provider routes: thin handlers over the provider and provider-item services and their presenters. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { ProviderItemService } from './provider.items.js';
import { presentItem, presentProvider } from './provider.presenter.js';
import { ProviderService } from './provider.service.js';
import { checkSetupStep } from './provider.setup.js';

export function providerHandlers(ctx: AppContext): Handlers {
  // Created here, at start: this is when the one Ollama probe runs.
  const globals = ctx.providers;
  const providers = new ProviderService(ctx.db, ctx.secrets.encryption, globals, {
    timeoutMs: ctx.config.PROVIDER_REQUEST_TIMEOUT,
    allowPrivateNetwork: false,
    network: ctx.config,
  });
  const items = new ProviderItemService(ctx.db, globals);
  return {
    'provider.create': async ({ user, body }) => presentProvider(await providers.create(user.uid, body)),
    'provider.update': async ({ user, body }) => presentProvider(await providers.update(user.uid, body)),
    'provider.delete': async ({ user, body }) => {
      await providers.delete(user.uid, body.providerId);
      return {};
    },
    'provider.list': async ({ user, query }) => (await providers.list(user.uid, query)).map(presentProvider),
    'provider.item.create': async ({ user, body }) => presentItem(await items.create(user.uid, body)),
    'provider.item.batchCreate': async ({ user, body }) =>
      (await items.batchCreate(user.uid, body.items)).map(presentItem),
    'provider.item.update': async ({ user, body }) => presentItem(await items.update(user.uid, body)),
    'provider.item.batchUpdate': async ({ user, body }) =>
      (await items.batchUpdate(user.uid, body.items)).map(presentItem),
    'provider.item.delete': async ({ user, body }) => {
      await items.delete(user.uid, body.itemId);
      return {};
    },
    'provider.item.list': async ({ user, query }) => (await items.list(user.uid, query)).map(presentItem),
    'provider.item.option.list': async ({ user, query }) =>
      providers.options(user.uid, query.providerId, query.category),
    'provider.setup.check': async ({ user, body }) => checkSetupStep(ctx, providers, user.uid, body),
  };
}
