/** Health and public instance configuration. */
import type { AppContext } from '../../context.js';
import type { Handlers } from '../../http/register.js';

export const APP_VERSION = '0.6.0';

export function systemHandlers(ctx: AppContext): Handlers {
  const { config } = ctx;
  return {
    'system.health': async () => ({
      status: 'ok' as const,
      version: APP_VERSION,
      database: ctx.dbKind,
      roles: config.ROLES,
      // eslint-disable-next-line no-restricted-syntax -- uptime is measured in real time (reported only)
      uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
    }),
    'system.config': async () => ({
      version: APP_VERSION,
      maintenance: {
        enabled: config.MAINTENANCE_ENABLED,
        start: config.MAINTENANCE_START,
        end: config.MAINTENANCE_END,
        timezone: config.MAINTENANCE_TIMEZONE,
      },
      features: {
        subscription: config.FEATURE_SUBSCRIPTION,
        canvasTemplate: config.FEATURE_CANVAS_TEMPLATE,
        errorReporting: config.FEATURE_ERROR_REPORTING,
      },
    }),
  };
}
