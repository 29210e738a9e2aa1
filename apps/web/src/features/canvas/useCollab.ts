/**
 * One live Y.Doc per collaborative document name (`canvas:<id>`, `doc:<id>`) through a
 * HocuspocusProvider on the server's `/collab` socket. The token comes from /collab/getToken and
 * is fetched again on every (re)connect, since it is short-lived.
 */
import { useEffect, useState } from 'react';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { api } from '../../api/client';

export type CollabStatus = 'connecting' | 'saving' | 'saved' | 'disconnected';

export interface CollabSession {
  doc: Y.Doc;
  provider: HocuspocusProvider;
}

export function useCollab(name: string): {
  session: CollabSession | null;
  status: CollabStatus;
  synced: boolean;
} {
  const [session, setSession] = useState<CollabSession | null>(null);
  const [connection, setConnection] = useState<'connecting' | 'connected' | 'disconnected'>('connecting');
  const [unsynced, setUnsynced] = useState(0);
  const [synced, setSynced] = useState(false);

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
    };
  }, [name]);

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
