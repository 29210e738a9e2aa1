/**
 * The public viewer at `/share/:shareId` (issue 11), signed in or not, outside the app: the lean
 * entry (entry.tsx, share.html) mounts it without the router, the query cache or the session
 * gate. It reads `share.detail` and draws the snapshot with the viewer of its kind (viewers.ts). The
 * header has the title, who shared it, a "Live" badge while following a live share, and
 * "Duplicate to my workspace" (signed in, when allowed) or a sign-in link. Unknown, revoked
 * and expired links show the spec's message; a malformed id shows 'Invalid share link'. A share
 * revoked while it is open shows that message too: at once when live (the server closes the live
 * connection, useLiveShare.ts), else when the viewer returns to the page.
 */
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spin, Tag } from 'antd';
import { CopyOutlined, DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import type { ShareEntityType, SharedContent } from '@atelier/contract';
import { api } from '../../../api/client';
import { LogoMark } from '../../../components/Logo';
import { StatusPage } from '../../../components/StatusPage';
import { useAuthStore } from '../../../stores/authStore';
import { signInHref } from './sharePath';
import { LiveContext, type LiveStatus } from './useLiveShare';
import { useShareDetail } from './useShareDetail';
import { viewerFor, type ShareViewerProps } from './viewers';
import './viewer.css';

/** Share ids are `sh-` and base-62 characters (share-core); anything else cannot be one. */
const SHARE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{5,127}$/;

const OPEN_COPY: Record<ShareEntityType, (id: string) => string> = {
  canvas: (id) => `/canvas/${id}`,
  document: (id) => `/documents/${id}`,
  codeArtifact: (id) => `/artifacts/${id}`,
  skillResponse: (id) => `/threads/${id}`,
  page: (id) => `/pages/${id}`,
};

function errCodeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { errCode?: string }).errCode : undefined;
}

function NotFound({ invalid }: { invalid: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  return (
    <div data-testid="share-not-found">
      <StatusPage
        tone="warning"
        icon={<DisconnectOutlined />}
        title={invalid ? t('invalid') : t('notFound')}
        detail={invalid ? t('invalidHint') : t('notFoundHint')}
        actions={
          <Button type="primary" href="/">
            {t('home')}
          </Button>
        }
      />
    </div>
  );
}

function DuplicateAction({ content }: { content: SharedContent }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const signedIn = useAuthStore((s) => s.status !== 'anonymous');
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const signIn = signInHref(location.pathname);
  if (!content.share.allowDuplication) {
    return signedIn ? null : (
      <Button type="link" href={signIn} data-testid="share-sign-in">
        {t('signInShort')}
      </Button>
    );
  }
  if (!signedIn)
    return (
      <Button href={signIn} data-testid="share-sign-in">
        {t('signIn')}
      </Button>
    );
  const duplicate = () => {
    setState('pending');
    api.call('share.duplicate', { body: { shareId: content.share.shareId } }).then(
      // the copy opens in the app (a new page load: the viewer carries no app routes)
      (copy) => location.assign(OPEN_COPY[copy.entityType](copy.entityId)),
      () => setState('failed'),
    );
  };
  const pending = state === 'pending';
  return (
    <>
      {state === 'failed' ? (
        <span className="share-viewer__error" role="alert" data-testid="share-duplicate-failed">
          {t('duplicateFailed')}
        </span>
      ) : null}
      <Button
        type="primary"
        icon={<CopyOutlined />}
        loading={pending}
        onClick={duplicate}
        data-testid="share-duplicate"
      >
        {pending ? t('duplicating') : t('duplicate')}
      </Button>
    </>
  );
}

/**
 * A published (not live) share has no connection to be closed: when the viewer comes back to the
 * page (the tab shown again, the window focused) it asks whether the share is still there.
 */
function useGoneOnReturn(shareId: string, enabled: boolean, onGone: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let asking = false;
    const check = () => {
      if (asking || document.visibilityState !== 'visible') return;
      asking = true;
      api.call('share.detail', { query: { shareId } }).then(
        () => {
          asking = false;
        },
        (error: unknown) => {
          asking = false;
          if (errCodeOf(error) === 'E1009') onGone();
        },
      );
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  }, [shareId, enabled, onGone]);
}

function Viewer({ content }: { content: SharedContent }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const [status, setStatus] = useState<LiveStatus>('off');
  // a child share opened by its own link is a snapshot even when its canvas share is live
  const isLive = content.share.live && !content.share.parentShareId;
  const live = useMemo(
    () => ({ shareId: content.share.shareId, live: isLive, setStatus }),
    [content.share.shareId, isLive],
  );
  const gone = useCallback(() => setStatus('revoked'), []);
  useGoneOnReturn(content.share.shareId, !isLive, gone);
  const { data, share } = content;
  // revoked, turned off or expired while open: the live connection was closed, or the share is gone
  if (status === 'revoked') return <NotFound invalid={false} />;
  const owner = data.kind === 'resource' ? null : (data.owner?.nickname ?? data.owner?.name ?? null);
  const View = viewerFor(data.kind) as React.ComponentType<ShareViewerProps>;
  return (
    <LiveContext.Provider value={live}>
      <div className="share-viewer" data-testid="share-viewer" data-kind={data.kind}>
        <header className="share-viewer__header">
          <a href="/" className="share-viewer__logo" aria-label={t('home')}>
            <LogoMark size={24} />
          </a>
          <div className="share-viewer__heading">
            <h1 className="share-viewer__title" data-testid="share-title">
              {share.title || data.title}
            </h1>
            {owner ? <span className="share-viewer__owner">{t('sharedBy', { name: owner })}</span> : null}
          </div>
          <Tag icon={<LinkOutlined />}>{t('readOnly')}</Tag>
          {status === 'live' ? (
            <Tag
              color="red"
              className="share-viewer__live"
              title={t('liveHint')}
              data-testid="share-live-badge"
            >
              {t('live')}
            </Tag>
          ) : null}
          <span className="share-viewer__actions">
            <DuplicateAction content={content} />
          </span>
        </header>
        <main className={`share-viewer__body share-viewer__body--${data.kind}`}>
          <Suspense fallback={<Spin className="share-viewer__spin" />}>
            <View shareId={share.shareId} data={data} />
          </Suspense>
        </main>
      </div>
    </LiveContext.Provider>
  );
}

export function ShareViewerPage({ shareId }: { shareId: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const valid = SHARE_ID.test(shareId);
  const detail = useShareDetail(shareId, { enabled: valid, fresh: true });
  if (!valid) return <NotFound invalid />;
  if (detail.error) {
    const code = errCodeOf(detail.error);
    if (code === 'E1009' || code === 'E0003') return <NotFound invalid={code === 'E0003'} />;
    return (
      <StatusPage
        tone="error"
        icon={<DisconnectOutlined />}
        title={t('loadFailed')}
        actions={
          <Button type="primary" onClick={detail.retry}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (!detail.data) return <Spin className="share-viewer__spin" />;
  return <Viewer content={detail.data} />;
}
