/** /user routes: settings of the signed-in user and the username/email availability check. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';
import { modelPreferencesCheck } from '../provider/provider.defaults.js';
import { createUploadService } from '../upload/upload.service.js';
import { UserService } from './user.service.js';

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

/** The settings service of a server (shared with the auth routes, which present the user). */
export function userService(ctx: AppContext): UserService {
  return new UserService(ctx.db, ctx.config, createUploadService(ctx), modelPreferencesCheck(ctx));
}

export function userHandlers(ctx: AppContext, users = userService(ctx)): Handlers {
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
