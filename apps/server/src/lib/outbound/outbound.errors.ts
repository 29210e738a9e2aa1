/**
 * The two ways an outbound request ends without an answer: refused by the address policy (never
 * sent), or failed on the way (timeout, too large, too many redirects, network). Callers map them
 * to their own catalogue codes; neither message carries a header, key or response body.
 */

/** private: a refused address; unresolved: a name that resolves to nothing (when checked on save). */
export type OutboundRefusal = 'private' | 'unresolved' | 'scheme';

export class OutboundRefusedError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

export type OutboundFailure = 'timeout' | 'too-large' | 'redirects' | 'network' | 'unresolved';

export class OutboundFailedError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundFailedError';
  }
}
