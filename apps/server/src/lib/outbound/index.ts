/**
 * One safe outbound HTTP module for every server-side request to a user-influenced address (pages
 * fetched for ingestion, model providers, parsers, web search, image APIs, MCP servers). See
 * docs/decisions.md, "One outbound HTTP module".
 */
export { bareHost, isLocalhostName, isPrivateAddress } from './outbound.address.js';
export { createOutboundAgent } from './outbound.agent.js';
export {
  OutboundFailedError,
  OutboundRefusedError,
  type OutboundFailure,
  type OutboundRefusal,
} from './outbound.errors.js';
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_REDIRECTS,
  createOutboundFetch,
  outboundFetch,
  type FetchFn,
  type OutboundOptions,
} from './outbound.fetch.js';
export {
  checkUrl,
  resolveChecked,
  setOutboundResolver,
  type OutboundPolicy,
  type ResolvedAddress,
  type Resolver,
} from './outbound.resolve.js';
