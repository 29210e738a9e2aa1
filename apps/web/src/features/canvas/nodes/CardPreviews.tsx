/**
 * What a document or code-artifact card shows of its content, on the canvas, in the share viewer
 * (and so in template previews) alike: a document's formatted excerpt; an artifact's rendered
 * result: Mermaid, SVG and mind maps as pictures, Markdown formatted, code as an excerpt, HTML and
 * React in the sandboxed frame (only while the card is on screen at a readable zoom, see
 * docs/decisions.md "Cards show content"). Its own chunk: Markdown and the renderers load with the
 * first card that needs them.
 */
import { memo, useEffect, useMemo, useState } from 'react';
import { CodeOutlined } from '@ant-design/icons';
import type { SharedCodeArtifact, SharedSkillResponse } from '@atelier/contract';
import { useResolvedTheme } from '../../../stores/themeStore';
import { Markdown, type CitationTarget } from '../../ai/Markdown';
import { parseMindMap } from '../../artifact/mindMap';
import { DARK_MIND_MAP, LIGHT_MIND_MAP, mindMapSvg } from '../../artifact/mindMapPicture';
import { compileReact, mermaidSvg, sanitizeSvg } from '../../artifact/render';
import { SandboxFrame } from '../../artifact/SandboxFrame';
import type { ToSandbox } from '../../artifact/sandbox/protocol';
import { cardExcerpt, withoutLeadingTitle } from './cardExcerpt';
import { useNodeT } from './nodeText';

const CODE_LINES = 14;

export const DocumentExcerpt = memo(function DocumentExcerpt({
  markdown,
  title = '',
}: {
  markdown: string;
  /** The card's title: a first heading that repeats it is not drawn twice. */
  title?: string;
}) {
  const excerpt = useMemo(() => cardExcerpt(withoutLeadingTitle(markdown, title)), [markdown, title]);
  return <Markdown text={excerpt} className="card-markdown" testId="card-document-excerpt" />;
});

/** An answer's Markdown with its citations as badges linking to their sources. */
export const AnswerExcerpt = memo(function AnswerExcerpt({ answer }: { answer: SharedSkillResponse }) {
  const excerpt = useMemo(() => cardExcerpt(answer.content), [answer.content]);
  const citations = useMemo<CitationTarget[]>(
    () =>
      answer.sources.map((s, i) => ({
        index: i + 1,
        title: s.title ?? s.url ?? '',
        ...(s.url ? { url: s.url } : {}),
      })),
    [answer.sources],
  );
  return (
    <Markdown text={excerpt} citations={citations} className="card-markdown" testId="card-answer-excerpt" />
  );
});

function Picture({ svg, testId }: { svg: string; testId: string }) {
  return <div className="card-picture" data-testid={testId} dangerouslySetInnerHTML={{ __html: svg }} />;
}

function Note({ text }: { text: string }) {
  return <div className="card-picture card-picture--note">{text}</div>;
}

function MermaidPicture({ content }: { content: string }) {
  const t = useNodeT();
  const dark = useResolvedTheme() === 'dark';
  const [state, setState] = useState<{ key: string; svg?: string; error?: boolean }>({ key: '' });
  const key = `${dark}:${content}`;
  useEffect(() => {
    let live = true;
    mermaidSvg(content, dark).then(
      (svg) => live && setState({ key, svg }),
      () => live && setState({ key, error: true }),
    );
    return () => {
      live = false;
    };
  }, [content, dark, key]);
  if (state.key !== key) return <Note text={t('artifact.card.loading')} />;
  if (state.error || !state.svg) return <Note text={t('artifact.card.diagramError')} />;
  return <Picture svg={state.svg} testId="card-diagram" />;
}

/** A live HTML or React render, scaled down to the card; clicks go to the card, not the page. */
function FramePreview({ artifact }: { artifact: SharedCodeArtifact }) {
  const [message, setMessage] = useState<ToSandbox | null>(null);
  useEffect(() => {
    let live = true;
    if (artifact.type === 'html') setMessage({ type: 'atelier:html', html: artifact.content });
    else
      compileReact(artifact.content).then(
        (code) => live && setMessage({ type: 'atelier:react', code }),
        () => live && setMessage(null),
      );
    return () => {
      live = false;
    };
  }, [artifact.type, artifact.content]);
  return (
    <div className="card-frame" data-testid="card-frame">
      {message ? <SandboxFrame message={message} title={artifact.title} onError={() => undefined} /> : null}
    </div>
  );
}

/**
 * An artifact's rendered result. `live` is false while the card is off screen or zoomed far out:
 * HTML and React then keep their place with an icon instead of a running frame.
 */
export const ArtifactPicture = memo(function ArtifactPicture({
  artifact,
  live,
}: {
  artifact: SharedCodeArtifact;
  live: boolean;
}) {
  const t = useNodeT();
  const dark = useResolvedTheme() === 'dark';
  const { type, content } = artifact;
  const svg = useMemo(() => {
    if (type === 'svg') return sanitizeSvg(content);
    if (type === 'mindmap') {
      const root = parseMindMap(content);
      return root ? mindMapSvg(root, dark ? DARK_MIND_MAP : LIGHT_MIND_MAP) : '';
    }
    return '';
  }, [type, content, dark]);
  switch (type) {
    case 'mermaid':
      return <MermaidPicture content={content} />;
    case 'svg':
      return svg ? <Picture svg={svg} testId="card-diagram" /> : <Note text={t('artifact.svgEmpty')} />;
    case 'mindmap':
      return svg ? (
        <Picture svg={svg} testId="card-diagram" />
      ) : (
        <Note text={t('artifact.card.invalidMindMap')} />
      );
    case 'markdown':
      return <DocumentExcerpt markdown={content} title={artifact.title} />;
    case 'code':
      return (
        <pre className="card-code" data-testid="card-code">
          <code>{content.split('\n').slice(0, CODE_LINES).join('\n')}</code>
        </pre>
      );
    case 'html':
    case 'react':
      return live ? (
        <FramePreview artifact={artifact} />
      ) : (
        <div className="card-frame card-frame--idle">
          <CodeOutlined />
        </div>
      );
  }
});
