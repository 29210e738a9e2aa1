/**
 * A shared code artifact: the artifact feature's sandboxed preview and read-only code, as tabs
 * or split. antd's App (the previews' toasts) comes with it: the lean viewer's root has none.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Segmented } from 'antd';
import { useResolvedTheme } from '../../../stores/themeStore';
import { CodeEditor } from '../../artifact/CodeEditor';
import { Preview } from '../../artifact/CodeArtifactPanel';
import type { ShareViewerProps } from './viewers';

type Mode = 'preview' | 'code' | 'split';

export function ArtifactViewer({ data }: ShareViewerProps<'codeArtifact'>) {
  const { t } = useTranslation(undefined, { keyPrefix: 'share.viewer' });
  const dark = useResolvedTheme() === 'dark';
  const [mode, setMode] = useState<Mode>('preview');
  const artifact = { title: data.title, type: data.type, language: data.language ?? null };
  return (
    <App component={false}>
      <section className="share-artifact" data-testid="share-artifact">
        <div className="share-artifact__bar">
          <Segmented<Mode>
            size="small"
            value={mode}
            onChange={setMode}
            options={[
              { value: 'preview', label: t('preview') },
              { value: 'code', label: t('code') },
              { value: 'split', label: t('split') },
            ]}
          />
        </div>
        <div className={`share-artifact__body share-artifact__body--${mode}`}>
          {mode !== 'code' ? (
            <div className="share-artifact__pane">
              <Preview artifact={artifact} content={data.content} readOnly dark={dark} onChange={() => {}} />
            </div>
          ) : null}
          {mode !== 'preview' ? (
            <div className="share-artifact__pane">
              <CodeEditor
                value={data.content}
                type={data.type}
                language={data.language ?? null}
                readOnly
                dark={dark}
                onChange={() => {}}
                className="artifact-code"
              />
            </div>
          ) : null}
        </div>
      </section>
    </App>
  );
}
