/**
 * Host resolution under the address policy: a name is resolved once, every address it answers is
 * judged, and only then is one handed to the socket (see outbound.agent.ts). The resolver is
 * injectable so tests can make "public" names answer chosen addresses without touching DNS.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { bareHost, isLocalhostName, isPrivateAddress } from './outbound.address.js';
import { OutboundFailedError, OutboundRefusedError } from './outbound.errors.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Answers every address of a host name (never an IP literal; lower-cased, no trailing dot), or rejects. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundPolicy {
  /** true: any address may be reached; false: public unicast addresses only. */
  allowPrivate: boolean;
  /** Overrides which addresses are refused (tests treat one loopback address as public). */
  isBlocked?: (address: string) => boolean;
  /** Overrides DNS for this policy; defaults to the process-wide resolver. */
  resolve?: Resolver;
}

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

let processResolver: Resolver = systemResolver;

/**
 * Replaces DNS for every policy without its own resolver; `null` restores the system's. For
 * in-process integration tests, which cannot reach the internet.
 */
export function setOutboundResolver(resolver: Resolver | null): void {
  processResolver = resolver ?? systemResolver;
}

export function blockedBy(policy: OutboundPolicy): (address: string) => boolean {
  if (policy.isBlocked) return policy.isBlocked;
  return policy.allowPrivate ? () => false : isPrivateAddress;
}

const refusal = (host: string) =>
  new OutboundRefusedError(
    'private',
    `Refused to fetch ${host}: it resolves to a private or reserved address`,
  );

/**
 * The addresses a host may be reached at under the policy: IP literals as they are, names through
 * the resolver. Rejects with OutboundRefusedError when any address is refused (a name answering
 * one public and one private address is refused whole), OutboundFailedError('unresolved') when
 * the name does not resolve.
 */
export async function resolveChecked(hostname: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const isBlocked = blockedBy(policy);
  const host = bareHost(hostname);
  const family = isIP(host);
  if (family) {
    if (isBlocked(host)) throw refusal(hostname);
    return [{ address: host, family: family === 6 ? 6 : 4 }];
  }
  if (isLocalhostName(host) && isBlocked('127.0.0.1')) throw refusal(hostname);
  let found: ResolvedAddress[];
  try {
    found = await (policy.resolve ?? processResolver)(host);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw new OutboundFailedError(
      'unresolved',
      `${hostname} does not resolve${typeof code === 'string' ? ` (${code})` : ''}`,
    );
  }
  if (!found.length) throw new OutboundFailedError('unresolved', `${hostname} does not resolve`);
  if (found.some((a) => isBlocked(a.address))) throw refusal(hostname);
  return found;
}

/**
 * The check made when an address is saved (a provider's base URL): http(s) only, and the host must
 * resolve to addresses the policy allows. Requests re-check at connect time, so this is advice to
 * the user, not the guard itself.
 */
export async function checkUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('scheme', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError(
      'scheme',
      `only http and https addresses are allowed, not ${url.protocol}`,
    );
  }
  if (policy.allowPrivate && !policy.isBlocked) return url;
  try {
    await resolveChecked(url.hostname, policy);
  } catch (err) {
    if (err instanceof OutboundFailedError) throw new OutboundRefusedError('unresolved', err.message);
    throw err;
  }
  return url;
}
