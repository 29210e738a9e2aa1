/** Read-only views of a shared document, answer, resource, and a page as a readable outline. */
import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { Markdown, type CitationTarget } from '../../ai/Markdown';
import type { ShareViewerProps } from './viewers';
import { useLiveMarkdown } from './useLiveShare';

export function DocumentViewer({ shareId, data }: ShareViewerProps<'document'>) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const content = useLiveMarkdown(shareId, data.content);
  return (
    <article className="share-doc" data-testid="share-document">
      <h1 className="share-doc__title">{data.title}</h1>
      {content.trim() ? (
        <Markdown text={content} className="share-markdown" testId="share-document-body" />
      ) : (
        <Typography.Text type="secondary">{t('emptyContent')}</Typography.Text>
      )}
    </article>
  );
}

/**
 * A shared answer's Markdown with its citation badges and the numbered sources under it: the one
 * body of an answer in the share viewer and on page slides.
 */
export function SharedAnswerBody({
  data,
  testId,
}: {
  data: ShareViewerProps<'skillResponse'>['data'];
  testId: string;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const citations: CitationTarget[] = data.sources.map((s) => ({
    index: s.index,
    title: s.title || s.url || '',
    ...(s.url ? { url: s.url } : {}),
  }));
  return (
    <>
      <Markdown
        text={data.content}
        citations={citations}
        anchors={data.citations ?? []}
        className="share-markdown"
        testId={testId}
      />
      {data.modelName ? (
        <Typography.Text type="secondary">{t('model', { model: data.modelName })}</Typography.Text>
      ) : null}
      {data.sources.length ? (
        <section className="share-answer__sources">
          <h2>{t('sources')}</h2>
          <ol>
            {data.sources.map((s) => (
              <li key={s.index} value={s.index} id={`ai-source-${s.index}`}>
                {s.url && /^https?:/i.test(s.url) ? (
                  <a href={s.url} target="_blank" rel="noopener noreferrer nofollow">
                    {s.title || s.url}
                  </a>
                ) : (
                  s.title
                )}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

export function AnswerViewer({ data }: ShareViewerProps<'skillResponse'>) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  return (
    <article className="share-doc" data-testid="share-answer">
      <h1 className="share-doc__title">{data.title}</h1>
      <section className="share-answer__question">
        <Typography.Text type="secondary">{t('question')}</Typography.Text>
        <p>{data.query}</p>
      </section>
      <SharedAnswerBody data={data} testId="share-answer-body" />
    </article>
  );
}

export function ResourceViewer({ data }: ShareViewerProps<'resource'>) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  return (
    <article className="share-doc" data-testid="share-resource">
      <h1 className="share-doc__title">{data.title}</h1>
      <p className="share-doc__links">
        {data.url && /^https?:/i.test(data.url) ? (
          <a href={data.url} target="_blank" rel="noopener noreferrer nofollow">
            {t('openOriginal')}
          </a>
        ) : null}
        {data.fileUrl ? (
          <a href={data.fileUrl} target="_blank" rel="noopener">
            {t('downloadFile')}
          </a>
        ) : null}
      </p>
      {data.content.trim() ? <Markdown text={data.content} className="share-markdown" /> : null}
    </article>
  );
}
