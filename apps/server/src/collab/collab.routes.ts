/** GET /v1/collab/getToken: a short-lived token and the URL of the `/collab` WebSocket. */
import type { AppContext } from '../context.js';
import type { Handlers } from '../http/register.js';
import { COLLAB_TOKEN_TTL_SECONDS, signCollabToken } from './collab.auth.js';
import { COLLAB_PATH } from './collab.ws.js';

/** ws(s)://host/collab from an http(s) origin. */
export function collabUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '').replace(/^http/, 'ws')}${COLLAB_PATH}`;
}

export function collabHandlers(ctx: AppContext): Handlers {
  return {
    'collab.getToken': async ({ user, req }) => ({
      token: await signCollabToken(ctx.secrets.jwt, { uid: user.uid, sid: user.sid }, ctx.clock),
      expiresIn: COLLAB_TOKEN_TTL_SECONDS,
      // PUBLIC_URL when configured; otherwise the address this request came to (behind the proxy).
      url: collabUrl(ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`),
    }),
  };
}
