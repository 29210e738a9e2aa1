/** /user routes: settings of the signed-in user and the username/email availability check. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import type { Services } from '../../services.js';

/**
 * Keeps only the keys the client actually sent. The contract's partial schemas still fill in
 * defaults (`disableHoverCard: false`, onboarding `not_started`), which a merge would then write
 * over the stored values.
 */
export function sentKeysOnly<T extends object>(parsed: T | undefined, raw: unknown): Partial<T> | undefined {
  if (!parsed || typeof raw !== 'object' || raw === null) return undefined;
  const sent = new Set(Object.keys(raw));
  return Object.fromEntries(Object.entries(parsed).filter(([k]) => sent.has(k))) as Partial<T>;
}

export function userHandlers(_ctx: AppContext, services: Services): Handlers {
  const users = services.users;
  return {
    'user.settings.get': async ({ user }) => users.getSettings(user.uid),
    'user.settings.update': async ({ user, body, req }) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      return users.updateSettings(user.uid, {
        ...body,
        preferences: sentKeysOnly(body.preferences, raw.preferences),
        onboarding: sentKeysOnly(body.onboarding, raw.onboarding),
      });
    },
    'user.checkSettingsField': async ({ user, query }) =>
      users.checkField(user.uid, query.field, query.value),
  };
}
