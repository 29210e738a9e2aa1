/**
 * The code artifact view: preview and code (CodeMirror) as tabs or side by side. Edits are
 * saved through /codeArtifact/update, debounced. Previews render offline: HTML and React in a
 * sandboxed frame, SVG sanitized, Mermaid (its own lazy chunk), Markdown, highlighted code and
 * an editable mind map.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Segmented, Spin, Tag } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { CodeArtifact } from '@atelier/contract';
import { apiKey, useApiMutation, useApiQuery } from '../../api/apiQuery';
import { TitleInput } from '../../components/TitleInput';
import { useResolvedTheme } from '../../stores/themeStore';
import { ShareButton } from '../share/ShareButton';
import { CodeEditor } from './CodeEditor';
import { parseMindMap } from './mindMap';
import {
  CodePreview,
  HtmlPreview,
  MarkdownPreview,
  MermaidPreview,
  MindMapPreview,
  ReactPreview,
  SvgPreview,
} from './previews';
import { useTranslation } from 'react-i18next';
import './artifact.css';

type Mode = 'preview' | 'code' | 'split';
const SAVE_DELAY_MS = 800;
const PREVIEW_DELAY_MS = 400;

export const artifactKey = (artifactId: string) => apiKey('codeArtifact.detail', { query: { artifactId } });

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function Preview({
  artifact,
  content,
  readOnly,
  dark,
  onChange,
}: {
  artifact: Pick<CodeArtifact, 'title' | 'type' | 'language'>;
  content: string;
  readOnly: boolean;
  dark: boolean;
  onChange: (content: string) => void;
}) {
  const title = artifact.title;
  switch (artifact.type) {
    case 'html':
      return <HtmlPreview content={content} title={title} />;
    case 'react':
      return <ReactPreview content={content} title={title} />;
    case 'svg':
      return <SvgPreview content={content} title={title} />;
    case 'mermaid':
      return <MermaidPreview content={content} title={title} dark={dark} />;
    case 'markdown':
      return <MarkdownPreview content={content} />;
    case 'code':
      return <CodePreview content={content} language={artifact.language} dark={dark} />;
    case 'mindmap':
      return <MindMapPreview content={content} readOnly={readOnly} onChange={onChange} />;
  }
}

export function CodeArtifactPanel({
  artifactId,
  readOnly,
  onClose,
}: {
  artifactId: string;
  readOnly: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'artifact' });
  const { message } = App.useApp();
  const client = useQueryClient();
  const dark = useResolvedTheme() === 'dark';
  const detail = useApiQuery('codeArtifact.detail', { query: { artifactId } });
  const artifact = detail.data;
  const [content, setContent] = useState<string | null>(null);
  const [draftTitle, setDraftTitle] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('preview');
  const saved = useRef<string | null>(null);

  useEffect(() => {
    if (artifact && content === null) {
      setContent(artifact.content ?? '');
      saved.current = artifact.content ?? '';
    }
  }, [artifact, content]);

  const save = useApiMutation('codeArtifact.update', {
    onSuccess: (next, { body }) => {
      if (body && !(body instanceof FormData) && body.content !== undefined) saved.current = body.content;
      client.setQueryData(artifactKey(artifactId), { ...artifact, ...next, content: saved.current ?? '' });
    },
    onError: () => void message.error(t('saveFailed')),
    meta: { silent: true },
  });

  const text = content ?? '';
  const toSave = useDebounced(text, SAVE_DELAY_MS);
  const previewText = useDebounced(text, PREVIEW_DELAY_MS);
  useEffect(() => {
    if (readOnly || !artifact || content === null || toSave === saved.current) return;
    // a mind map is saved only while it is valid (the server refuses anything else)
    if (artifact.type === 'mindmap' && !parseMindMap(toSave)) return;
    save.mutate({ body: { artifactId, content: toSave, createIfNotExists: false } });
  }, [toSave]);

  if (detail.isError) {
    return (
      <aside className="artifact-panel" data-testid="artifact-panel">
        <div className="artifact-preview__empty">{t('notFound')}</div>
      </aside>
    );
  }
  if (!artifact || content === null) {
    return (
      <aside className="artifact-panel" data-testid="artifact-panel">
        <Spin className="artifact-panel__spin" />
      </aside>
    );
  }

  const pending = text !== saved.current || save.isPending;
  const saveTitle = () => {
    if (draftTitle === null) return;
    const next = draftTitle.trim();
    setDraftTitle(null);
    if (next && next !== artifact.title)
      save.mutate({ body: { artifactId, title: next, createIfNotExists: false } });
  };
  const preview = (
    <Preview
      artifact={artifact}
      content={artifact.type === 'mindmap' ? text : previewText}
      readOnly={readOnly}
      dark={dark}
      onChange={setContent}
    />
  );
  const code = (
    <CodeEditor
      value={text}
      type={artifact.type}
      language={artifact.language}
      readOnly={readOnly}
      dark={dark}
      onChange={setContent}
      className="artifact-code"
    />
  );

  return (
    <aside className="artifact-panel" data-testid="artifact-panel" data-type={artifact.type}>
      <header className="artifact-panel__header">
        <TitleInput
          className="artifact-panel__title"
          value={draftTitle ?? artifact.title}
          placeholder={t('untitled')}
          readOnly={readOnly}
          maxLength={512}
          data-testid="artifact-title"
          onChange={setDraftTitle}
          onBlur={saveTitle}
        />
        <Tag>{t(`types.${artifact.type}`)}</Tag>
        <span className="artifact-panel__status" data-testid="artifact-save-status" data-pending={pending}>
          {readOnly
            ? t('readOnly')
            : artifact.type === 'mindmap' && !parseMindMap(text)
              ? t('invalidMindMap')
              : pending
                ? t('saving')
                : t('saved')}
        </span>
        <Segmented<Mode>
          size="small"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'preview', label: t('preview') },
            { value: 'code', label: t('code') },
            { value: 'split', label: t('split') },
          ]}
          data-testid="artifact-mode"
        />
        <ShareButton
          size="small"
          iconOnly
          entityType="codeArtifact"
          entityId={artifactId}
          title={draftTitle ?? artifact.title}
        />
        {onClose && <Button type="text" icon={<CloseOutlined />} onClick={onClose} aria-label={t('close')} />}
      </header>
      <div className={`artifact-panel__body artifact-panel__body--${mode}`}>
        {mode !== 'code' && <div className="artifact-panel__pane">{preview}</div>}
        {mode !== 'preview' && <div className="artifact-panel__pane">{code}</div>}
      </div>
    </aside>
  );
}
