/**
 * One live Y.Doc per collaborative document name (`canvas:<id>`, `doc:<id>`) through a
 * HocuspocusProvider on the server's `/collab` socket. The token comes from /collab/getToken and
 * is fetched again on every (re)connect, since it is short-lived.
 *
 * When the document is switched read-only elsewhere (another tab, another device), the server
 * says so with a `readOnly` stateless message. Edits this tab made that the server has not taken
 * by then are refused: the session then starts over from the server's state, so the screen never
 * shows text that was not saved, and `onReadOnly` reports the loss.
 */
import { useEffect, useRef, useState } from 'react';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { api } from '../../api/client';

export type CollabStatus = 'connecting' | 'saving' | 'saved' | 'disconnected';

export interface CollabSession {
  doc: Y.Doc;
  provider: HocuspocusProvider;
}

export interface CollabOptions {
  /** The document became read-only (or writable again); `lostEdits` when unsaved edits were refused. */
  onReadOnly?: (readOnly: boolean, lostEdits: boolean) => void;
}

/** Reads a `readOnly` stateless message of the server; anything else gives null. */
export function readOnlySignal(payload: string): boolean | null {
  try {
    const parsed = JSON.parse(payload) as { type?: unknown; readOnly?: unknown };
    return parsed.type === 'readOnly' && typeof parsed.readOnly === 'boolean' ? parsed.readOnly : null;
  } catch {
    return null;
  }
}

export function useCollab(
  name: string,
  options: CollabOptions = {},
): {
  session: CollabSession | null;
  status: CollabStatus;
  synced: boolean;
} {
  const [session, setSession] = useState<CollabSession | null>(null);
  const [connection, setConnection] = useState<'connecting' | 'connected' | 'disconnected'>('connecting');
  const [unsynced, setUnsynced] = useState(0);
  const [synced, setSynced] = useState(false);
  // a new session (fresh Y.Doc from the server) after refused edits
  const [generation, setGeneration] = useState(0);
  const onReadOnly = useRef(options.onReadOnly);
  onReadOnly.current = options.onReadOnly;

  useEffect(() => {
    let provider: HocuspocusProvider | undefined;
    let live = true;
    setConnection('connecting');
    setSynced(false);
    void api.call('collab.getToken').then(
      ({ url }) => {
        if (!live) return;
        const doc = new Y.Doc();
        provider = new HocuspocusProvider({
          url,
          name,
          document: doc,
          token: async () => (await api.call('collab.getToken')).token,
          onStatus: ({ status }) => live && setConnection(status),
          onSynced: ({ state }) => live && state && setSynced(true),
          onUnsyncedChanges: ({ number }) => live && setUnsynced(number),
          onStateless: ({ payload }) => {
            const readOnly = readOnlySignal(payload);
            if (!live || readOnly === null || !provider) return;
            const lostEdits = readOnly && provider.unsyncedChanges > 0;
            onReadOnly.current?.(readOnly, lostEdits);
            if (lostEdits) setGeneration((g) => g + 1);
          },
        });
        setSession({ doc, provider });
      },
      () => live && setConnection('disconnected'),
    );
    return () => {
      live = false;
      provider?.destroy();
      provider?.document.destroy();
      setSession(null);
      setUnsynced(0);
    };
  }, [name, generation]);

  const status: CollabStatus =
    connection === 'disconnected'
      ? 'disconnected'
      : connection === 'connecting' || !synced
        ? 'connecting'
        : unsynced > 0
          ? 'saving'
          : 'saved';
  return { session, status, synced };
}
