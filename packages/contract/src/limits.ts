/** Business constants and limits of spec section 9 that both server and clients need. */
export const LIMITS = {
  /** Longest content field, in characters (E2004). */
  maxContentChars: 100_000,
  /** Largest JSON request body, in bytes (E2005). */
  maxPayloadBytes: 100 * 1024,
  usernameMaxLength: 30,
  passwordMinLength: 8,
  contextRuleDefaultLimit: 50,
  webSearchDefaultLimit: 10,
  searchDefaultLimitPerDomain: 5,
  featureHighlightSteps: 7,
  refreshRetries: 3,
  refreshRetryDelayMs: 100,
  reloadGuardWindowMs: 300_000,
  errorToastMs: 5_000,
  extensionDebounceMs: 300,
  freePlan: { libraryFiles: 100, t1RequestsPerDay: 5, t2RequestsPerDay: 50 },
  // The values below are "not shown" in the spec: our choices (docs/decisions.md).
  /** Most nodes one canvas holds ("node limit reached"). */
  maxCanvasNodes: 2_000,
  maxCanvasEdges: 4_000,
  /** Most context items of one type (resources, documents…) per skill run. */
  maxContextItemsPerType: 50,
  /** Most skill instances pinned to the top at once. */
  maxPinnedSkills: 10,
  /** Most items in one batch call (batchCreate, batchUpdate, reindex…). */
  maxBatchItems: 50,
  /** Most earlier results sent as thread history with one skill run. */
  maxResultHistory: 20,
  /** Largest page size a list call accepts. */
  maxPageSize: 100,
} as const;

/** Readable id prefixes of persisted entities (e.g. `c-…` for a canvas). */
export const ID_PREFIX = {
  user: 'u',
  canvas: 'c',
  document: 'd',
  resource: 'r',
  codeArtifact: 'ca',
  project: 'p',
  labelClass: 'lc',
  label: 'lb',
  reference: 'rf',
  share: 'sh',
  template: 'tpl',
  templateCategory: 'tc',
  page: 'pg',
  pageNodeRelation: 'pnr',
  skill: 'sk',
  trigger: 'tg',
  actionResult: 'ar',
  mcpServer: 'mcp',
  provider: 'pr',
  providerItem: 'pi',
  verification: 'vs',
  subscription: 'sub',
  meter: 'm',
  file: 'f',
  version: 'ver',
  versionBase: 'vb',
} as const;
export type IdPrefix = (typeof ID_PREFIX)[keyof typeof ID_PREFIX];
