/**
 * Internal shapes of the provider module: its rows. The shapes other layers read too (a provider
 * record, a resolved model or tool provider) are in lib/providers/providers.types.ts and are
 * re-exported here for the module's own files and its callers.
 */
import type { providerItems, providers } from '../../db/schema/index.js';

export type {
  ModelScene,
  ProviderRecord,
  ResolvedModel,
  ResolvedToolProvider,
} from '../../lib/providers/providers.types.js';

export type ProviderRow = typeof providers.$inferSelect;
export type ProviderItemRow = typeof providerItems.$inferSelect;
