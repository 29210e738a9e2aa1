/**
 * What one slide shows, the same in the page editor, in Present and on the published page: a
 * document's formatted text, an answer's Markdown with its citations and sources, an artifact's
 * rendered preview (diagrams drawn, HTML and React in the sandbox), an image resource as the
 * image, a memo's or website's own text. Entities are read through the card content source
 * (cardContent.ts): the owner's API in the app, the page's child shares in the viewer.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spin, Typography } from 'antd';
import { memoTitle } from '@atelier/canvas';
import type { PageNodeType, SharedData, SharedSkillResponse } from '@atelier/contract';
import { useResolvedTheme } from '../../stores/themeStore';
import { Markdown } from '../ai/Markdown';
import { SharedAnswerBody } from '../share/viewer/ContentViewers';
import { useEntityContent, useOwnContent, type ContentKind } from '../canvas/nodes/cardContent';
import { withoutLeadingTitle } from '../canvas/nodes/cardExcerpt';

const Preview = lazy(() => import('../artifact/CodeArtifactPanel').then((m) => ({ default: m.Preview })));
const OwnerAnswer = lazy(() => import('./OwnerAnswer').then((m) => ({ default: m.OwnerAnswer })));

export interface Slide {
  key: string;
  nodeType: PageNodeType;
  title: string;
  /** The node's own text (memo text, content preview), shown when there is no entity to read. */
  text: string;
  /** A website's address. */
  url?: string;
  /** The entity behind the node (document, resource, answer, artifact); '' for memos and websites. */
  entityId: string;
  /** On a published page: the child share holding the entity. */
  childShareId?: string | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A slide from a node snapshot (`nodeData` of a page relation or shared slide). */
export function slideFromNodeData(
  key: string,
  nodeType: PageNodeType,
  nodeData: Record<string, unknown>,
  entity: { title?: string; entityId?: string; childShareId?: string | null } = {},
): Slide {
  const metadata = (nodeData.metadata ?? {}) as Record<string, unknown>;
  const text = str(nodeData.contentPreview) || str(nodeData.content);
  const title = entity.title || str(nodeData.title);
  return {
    key,
    nodeType,
    // a memo has no title of its own: its first line, as on the canvas
    title: nodeType === 'memo' ? memoTitle(title, text) : title,
    text,
    url: str(metadata.url) || str(nodeData.url) || undefined,
    entityId: entity.entityId ?? '',
    childShareId: entity.childShareId ?? null,
  };
}

const ENTITY_KIND: Partial<Record<PageNodeType, ContentKind>> = {
  document: 'document',
  resource: 'resource',
  codeArtifact: 'codeArtifact',
  skillResponse: 'skillResponse',
};

function SharedAnswer({ data, title }: { data: SharedSkillResponse; title: string }) {
  return (
    <>
      {/* the question, unless the slide is already titled by it */}
      {data.query && data.query.trim() !== title.trim() ? (
        <p className="slide-answer__query">{data.query}</p>
      ) : null}
      <SharedAnswerBody data={data} testId="slide-answer" />
    </>
  );
}

function EntityBody({ data, title }: { data: SharedData; title: string }) {
  const dark = useResolvedTheme() === 'dark';
  switch (data.kind) {
    case 'document':
      return (
        <Markdown
          text={withoutLeadingTitle(data.content, title)}
          className="share-markdown"
          testId="slide-document"
        />
      );
    case 'skillResponse':
      return <SharedAnswer data={data} title={title} />;
    case 'codeArtifact':
      return (
        <div className="slide-artifact" data-testid="slide-artifact">
          <Suspense fallback={<Spin />}>
            <Preview artifact={data} content={data.content} readOnly dark={dark} onChange={() => undefined} />
          </Suspense>
        </div>
      );
    case 'resource':
      if (data.fileUrl && data.contentType?.startsWith('image/'))
        return <img className="slide-image" src={data.fileUrl} alt={data.title} data-testid="slide-image" />;
      return (
        <>
          {data.url && /^https?:/i.test(data.url) ? (
            <p>
              <a href={data.url} target="_blank" rel="noreferrer noopener">
                {data.url}
              </a>
            </p>
          ) : null}
          {data.content.trim() ? <Markdown text={data.content} className="share-markdown" /> : null}
        </>
      );
    default:
      return null;
  }
}

/** The node's own text: memos, websites, and entities that cannot be read (gone, not shared). */
function OwnText({ slide }: { slide: Slide }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'pages' });
  return (
    <>
      {slide.url ? (
        <p>
          <a href={slide.url} target="_blank" rel="noreferrer noopener">
            {slide.url}
          </a>
        </p>
      ) : null}
      {slide.text.trim() ? (
        <Markdown text={slide.text} className="share-markdown" testId="slide-text" />
      ) : slide.url ? null : (
        <Typography.Text type="secondary">{t('slideEmpty')}</Typography.Text>
      )}
    </>
  );
}

function EntitySlide({ slide, kind }: { slide: Slide; kind: ContentKind }) {
  const data = useEntityContent({ kind, entityId: slide.entityId, childShareId: slide.childShareId });
  if (data === undefined) return <Spin />;
  if (data === null) return <OwnText slide={slide} />;
  return <EntityBody data={data} title={slide.title} />;
}

export function SlideContent({ slide }: { slide: Slide }) {
  const own = useOwnContent();
  const kind = ENTITY_KIND[slide.nodeType];
  let body;
  if (!kind || !slide.entityId) body = <OwnText slide={slide} />;
  // in the app an answer is the run itself (RunView's answer, citations and sources)
  else if (kind === 'skillResponse' && own)
    body = (
      <Suspense fallback={<Spin />}>
        <OwnerAnswer resultId={slide.entityId} title={slide.title} />
      </Suspense>
    );
  else body = <EntitySlide key={slide.key} slide={slide} kind={kind} />;
  return (
    <div className="slide-content" data-testid="slide-content">
      {body}
    </div>
  );
}
