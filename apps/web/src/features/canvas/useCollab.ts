/**
 * One live Y.Doc per collaborative document name (`canvas:<id>`, `doc:<id>`) through a
 * HocuspocusProvider on the server's `/collab` socket. The token comes from /collab/getToken and
 * is fetched again on every (re)connect, since it is short-lived.
 *
 * When the document is switched read-only elsewhere (another tab, another device), the server
 * says so with a `readOnly` stateless message. Edits this tab made that the server has not taken
 * by then are refused: the session then starts over from the server's state, so the screen never
 * shows text that was not saved, and `onReadOnly` reports the loss.
 *
 * Status (spec section 4): "Saving…" and "Saved" only while the socket is open and the document
 * synced with the server. Once a session has been synced, any loss of that (socket closed, a
 * reconnect not yet synced, the browser offline) shows "Disconnected" until the server has the
 * document again; edits made meanwhile stay in the Y.Doc and are sent when the sync resumes.
 * Going offline closes the socket at once (Chromium keeps a dead one open), and coming back
 * online retries at once instead of waiting for the provider's backoff.
 */
import { useEffect, useRef, useState } from 'react';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { api } from '../../api/client';
import { serverMessage } from '../collab/serverMessage';

export type CollabStatus = 'connecting' | 'saving' | 'saved' | 'disconnected';

export interface CollabSession {
  doc: Y.Doc;
  provider: HocuspocusProvider;
}

export interface CollabOptions {
  /** The document became read-only (or writable again); `lostEdits` when unsaved edits were refused. */
  onReadOnly?: (readOnly: boolean, lostEdits: boolean) => void;
}

/** Reads a `readOnly` stateless message of the server; anything else (a peer's forgery too) gives null. */
export function readOnlySignal(payload: string): boolean | null {
  const message = serverMessage(payload);
  return message?.type === 'readOnly' && typeof message.readOnly === 'boolean' ? message.readOnly : null;
}

/** What the status indicator shows for the provider's state (see the top of this file). */
export function collabStatus(state: {
  connection: 'connecting' | 'connected' | 'disconnected';
  synced: boolean;
  wasSynced: boolean;
  online: boolean;
  unsynced: number;
}): CollabStatus {
  if (!state.online) return 'disconnected';
  if (state.connection === 'connected' && state.synced) return state.unsynced > 0 ? 'saving' : 'saved';
  if (state.wasSynced || state.connection === 'disconnected') return 'disconnected';
  return 'connecting';
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
  // this session was synced once: losing it now means disconnected, not still connecting
  const [wasSynced, setWasSynced] = useState(false);
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine !== false);
  // a new session (fresh Y.Doc from the server) after refused edits
  const [generation, setGeneration] = useState(0);
  const onReadOnly = useRef(options.onReadOnly);
  onReadOnly.current = options.onReadOnly;

  useEffect(() => {
    let provider: HocuspocusProvider | undefined;
    let live = true;
    setConnection('connecting');
    setSynced(false);
    setWasSynced(false);
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
          onSynced: ({ state }) => {
            if (!live) return;
            setSynced(state);
            if (state) setWasSynced(true);
          },
          // the provider marks itself unsynced on close, but only says so through `synced` later
          onClose: () => live && setSynced(false),
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

  useEffect(() => {
    const socket = session?.provider.configuration.websocketProvider;
    const onOffline = () => {
      setOnline(false);
      // a socket the network no longer carries: close it, so the provider reconnects and resyncs
      socket?.webSocket?.close();
    };
    const onOnline = () => {
      setOnline(true);
      void socket?.connect();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, [session]);

  const status = collabStatus({ connection, synced, wasSynced, online, unsynced });
  // the editor stays usable through a disconnection once the document has loaded (edits made
  // offline are kept and sent on reconnect)
  return { session, status, synced: wasSynced };
}
