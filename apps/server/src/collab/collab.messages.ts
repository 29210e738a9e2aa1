/**
 * The stateless messages the server sends collaboration clients: why an edit was refused, and
 * that a document became read-only (or writable again).
 */

/**
 * Stateless messages come from the server only: it refuses clients' broadcasts (and a read-only
 * connection's stateless messages), and marks its own with `source: 'server'`; clients ignore
 * stateless messages without it.
 */
export const SERVER_SOURCE = 'server';

/** A stateless message telling a client why its edit was refused. */
export interface CollabErrorMessage {
  source: typeof SERVER_SOURCE;
  type: 'error';
  errCode: 'E0003' | 'E2004';
  message: string;
}

/** A stateless message telling a client that its document became read-only (or writable again). */
export interface CollabReadOnlyMessage {
  source: typeof SERVER_SOURCE;
  type: 'readOnly';
  readOnly: boolean;
}

/** The wire text of an error message. */
export function errorMessageText(errCode: CollabErrorMessage['errCode'], message: string): string {
  const body: CollabErrorMessage = { source: SERVER_SOURCE, type: 'error', errCode, message };
  return JSON.stringify(body);
}

/** The wire text of a read-only switch. */
export function readOnlyMessageText(readOnly: boolean): string {
  const body: CollabReadOnlyMessage = { source: SERVER_SOURCE, type: 'readOnly', readOnly };
  return JSON.stringify(body);
}
