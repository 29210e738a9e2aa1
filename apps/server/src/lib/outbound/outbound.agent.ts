/**
 * The undici dispatcher behind every outbound request. Its connector resolves the host through
 * resolveChecked and hands the socket exactly the addresses it judged (a custom `lookup`), so a
 * second DNS answer can never slip in between check and connect (DNS rebinding). IP-literal hosts,
 * which sockets do not look up, are judged before connecting. TLS still sends the host name (SNI)
 * and the Host header is the URL's, because only the lookup is replaced. undici (~18 MB of RSS) is
 * loaded on the first request, so an idle server does not hold it.
 */
import type { LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type * as UndiciModule from 'undici';
import type { Agent, buildConnector } from 'undici';
import { bareHost } from './outbound.address.js';
import { OutboundRefusedError } from './outbound.errors.js';
import { blockedBy, resolveChecked, type OutboundPolicy } from './outbound.resolve.js';

type AllCallback = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;

function checkedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, policy).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? found.filter((a) => a.family === wanted) : found;
        const list = usable.length ? usable : found;
        if (options.all) (callback as unknown as AllCallback)(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

type Undici = typeof UndiciModule;
let undici: Promise<Undici> | null = null;
const loadUndici = () => (undici ??= import('undici'));

function checkedConnector(policy: OutboundPolicy, lib: Undici): buildConnector.connector {
  const connect = lib.buildConnector({ lookup: checkedLookup(policy) });
  const isBlocked = blockedBy(policy);
  return (opts, callback) => {
    const host = bareHost(opts.hostname);
    if (isIP(host) && isBlocked(host)) {
      callback(
        new OutboundRefusedError(
          'private',
          `Refused to fetch ${opts.hostname}: a private or reserved address`,
        ),
        null,
      );
      return;
    }
    connect(opts, callback);
  };
}

/** A connection pool whose every connection obeys the policy. Close it when made per test. */
export async function createOutboundAgent(policy: OutboundPolicy): Promise<Agent> {
  const lib = await loadUndici();
  return new lib.Agent({ connect: checkedConnector(policy, lib), keepAliveTimeout: 4_000 });
}

const shared = new Map<boolean, Promise<Agent>>();

/** The process-wide pools of the two plain policies (private networks allowed or not). */
export function sharedAgent(allowPrivate: boolean): Promise<Agent> {
  let agent = shared.get(allowPrivate);
  if (!agent) {
    agent = createOutboundAgent({ allowPrivate });
    shared.set(allowPrivate, agent);
  }
  return agent;
}
