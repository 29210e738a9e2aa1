import { describe, expect, it } from 'vitest';
import { collabStatus, readOnlySignal } from './useCollab';

describe('readOnlySignal', () => {
  it('reads the server’s read-only switch', () => {
    expect(readOnlySignal(JSON.stringify({ source: 'server', type: 'readOnly', readOnly: true }))).toBe(true);
    expect(readOnlySignal(JSON.stringify({ source: 'server', type: 'readOnly', readOnly: false }))).toBe(
      false,
    );
  });

  it('ignores every other stateless message', () => {
    expect(
      readOnlySignal(
        JSON.stringify({ source: 'server', type: 'error', errCode: 'E2004', message: 'too long' }),
      ),
    ).toBeNull();
    expect(
      readOnlySignal(JSON.stringify({ source: 'server', type: 'readOnly', readOnly: 'yes' })),
    ).toBeNull();
    // not marked as the server's: a peer's forgery
    expect(readOnlySignal(JSON.stringify({ type: 'readOnly', readOnly: true }))).toBeNull();
    expect(readOnlySignal(JSON.stringify({ source: 'peer', type: 'readOnly', readOnly: true }))).toBeNull();
    expect(readOnlySignal('not json')).toBeNull();
  });
});

describe('collabStatus', () => {
  const base = { connection: 'connected', synced: true, wasSynced: true, online: true, unsynced: 0 } as const;

  it('says saving or saved only while connected and synced', () => {
    expect(collabStatus(base)).toBe('saved');
    expect(collabStatus({ ...base, unsynced: 2 })).toBe('saving');
  });

  it('says disconnected once a synced session lost its connection, even while reconnecting', () => {
    expect(collabStatus({ ...base, connection: 'disconnected', synced: false, unsynced: 3 })).toBe(
      'disconnected',
    );
    // the socket is open again but the server has not synced the document yet
    expect(collabStatus({ ...base, synced: false, unsynced: 1 })).toBe('disconnected');
    expect(collabStatus({ ...base, connection: 'connecting', synced: false })).toBe('disconnected');
  });

  it('says disconnected while the browser is offline, whatever the socket says', () => {
    expect(collabStatus({ ...base, online: false, unsynced: 1 })).toBe('disconnected');
  });

  it('says connecting before the first sync', () => {
    expect(collabStatus({ ...base, connection: 'connecting', synced: false, wasSynced: false })).toBe(
      'connecting',
    );
    expect(collabStatus({ ...base, synced: false, wasSynced: false })).toBe('connecting');
  });
});
