/** /user/apiToken routes: list, create (the token shown once), revoke. */
import type { Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';

export function apiTokenHandlers(services: Services): Handlers {
  const tokens = services.apiTokens;
  return {
    'user.apiToken.list': async ({ user }) => tokens.list(user.uid),
    'user.apiToken.create': async ({ user, body }) => tokens.create(user.uid, body),
    'user.apiToken.revoke': async ({ user, body }) => tokens.revoke(user.uid, body.tokenId),
  };
}
