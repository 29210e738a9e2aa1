/**
 * The document editor: Tiptap on the one schema of packages/editor, bound to the live
 * `doc:<docId>` Y.Doc (Collaboration; Yjs owns undo), with collaborator carets through the
 * Hocuspocus awareness, markdown shortcuts (Tiptap input rules), a formatting toolbar, a slash
 * menu, image upload, an editable title, the document's read-only switch and an export menu.
 * Used in the canvas preview panel and on its own page (/documents/:docId).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { App, Badge, Button, Dropdown, Spin, Switch, Tooltip } from 'antd';
import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { Collaboration } from '@tiptap/extension-collaboration';
import { Placeholder } from '@tiptap/extension-placeholder';
import { DOC_FRAGMENT, editorExtensions } from '@atelier/editor';
import type { Document } from '@atelier/contract';
import { apiKey, useApiMutation, useApiQuery } from '../../api/apiQuery';
import { api } from '../../api/client';
import { downloadFile } from '../../api/download';
import { formDataOf } from '../../api/formData';
import { TitleInput } from '../../components/TitleInput';
import { ItemLabels } from '../labels/ItemLabels';
import { ShareButton } from '../share/ShareButton';
import { useCollabUser, type CollabUser } from '../collab/collabUser';
import { serverMessage } from '../collab/serverMessage';
import { useCollab, type CollabSession, type CollabStatus } from '../canvas/useCollab';
import { CollabCaret } from './collabCaret';
import { EditorToolbar } from './EditorToolbar';
import { filterCommands } from './blockCommands';
import { SlashCommands, SlashMenu, type SlashBridge } from './slashMenu';
import { DocAi } from './docAi';
import { DocumentAi, type DocAiBridge } from './DocumentAi';
import { useTranslation } from 'react-i18next';
import './document.css';

const STATUS_COLOR: Record<CollabStatus, 'processing' | 'warning' | 'success' | 'error'> = {
  connecting: 'processing',
  saving: 'warning',
  saved: 'success',
  disconnected: 'error',
};

export const documentKey = (docId: string) => apiKey('knowledge.document.detail', { query: { docId } });

function DocEditor({
  docId,
  session,
  editable,
  user,
  onUpload,
}: {
  docId: string;
  session: CollabSession;
  editable: boolean;
  user: CollabUser;
  onUpload: (file: File, editor: Editor) => Promise<void>;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'document' });
  const bridge = useMemo<SlashBridge>(() => ({ onChange: () => undefined, onKeyDown: () => false }), []);
  const fileInput = useRef<HTMLInputElement>(null);
  const aiBridge = useMemo<DocAiBridge>(() => ({ open: () => false }), []);
  // the AI suggestion card's element, shown by the editor under the selected block
  const aiHost = useMemo(() => {
    const el = document.createElement('div');
    el.className = 'doc-ai-host';
    el.contentEditable = 'false';
    return el;
  }, []);
  const editor = useEditor(
    {
      extensions: [
        ...editorExtensions({ undoRedo: false }),
        Collaboration.configure({ document: session.doc, field: DOC_FRAGMENT }),
        CollabCaret.configure({ awareness: session.provider.awareness, user }),
        Placeholder.configure({ placeholder: t('placeholder') }),
        // functions, not the bridge object itself: Tiptap deep-copies plain option objects
        SlashCommands.configure({
          bridge: {
            onChange: (state) => bridge.onChange(state),
            onKeyDown: (event) => bridge.onKeyDown(event),
          },
        }),
        DocAi.configure({ host: () => aiHost, onOpen: () => aiBridge.open() }),
      ],
      editable,
      editorProps: { attributes: { class: 'doc-editor__content', 'data-testid': 'doc-editor' } },
    },
    [session, user.name, user.color],
  );
  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable);
  }, [editor, editable]);

  const pickImage = useCallback(() => fileInput.current?.click(), []);
  const commands = useCallback((query: string) => filterCommands(query, (key) => t(`toolbar.${key}`)), [t]);
  if (!editor) return <Spin />;
  return (
    <>
      {editable && <EditorToolbar editor={editor} pickImage={pickImage} />}
      <div className="doc-editor__scroll">
        <EditorContent editor={editor} className="doc-editor" />
      </div>
      {editable && <SlashMenu bridge={bridge} commands={commands} pickImage={pickImage} />}
      {editable && <DocumentAi editor={editor} docId={docId} host={aiHost} bridge={aiBridge} />}
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
        hidden
        data-testid="doc-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void onUpload(file, editor);
        }}
      />
    </>
  );
}

export function DocumentPanel({
  docId,
  title,
  readOnly,
  onClose,
}: {
  docId: string;
  title: string;
  /** The surrounding canvas is read-only: the document cannot be edited here either. */
  readOnly: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'document' });
  const { message } = App.useApp();
  const client = useQueryClient();
  const { session, status, synced } = useCollab(`doc:${docId}`, {
    // switched read-only (or back) in another tab or on another device
    onReadOnly: (readOnly, lostEdits) => {
      client.setQueryData<Document>(documentKey(docId), (current) => current && { ...current, readOnly });
      if (lostEdits) void message.error(t('saveFailed'));
    },
  });
  const detail = useApiQuery('knowledge.document.detail', { query: { docId } });
  const doc = detail.data;
  const uploadImage = useApiMutation('misc.upload', { meta: { silent: true } });
  const [draftTitle, setDraftTitle] = useState<string | null>(null);

  const update = useApiMutation('knowledge.document.update', {
    invalidates: ['knowledge.document.list'],
    onSuccess: (next: Document) => client.setQueryData(documentKey(docId), { ...doc, ...next }),
    onError: () => void message.error(t('saveFailed')),
    meta: { silent: true },
  });

  // The server answers a refused edit (too long, read-only meanwhile…) with a stateless error.
  useEffect(() => {
    const provider = session?.provider;
    if (!provider) return;
    const onStateless = ({ payload }: { payload: string }) => {
      // only the server's own messages count; anything else is not one of ours
      if (serverMessage(payload)?.type === 'error') void message.error(t('saveFailed'));
    };
    provider.on('stateless', onStateless);
    return () => {
      provider.off('stateless', onStateless);
    };
  }, [session, message, t]);

  const user = useCollabUser();

  const docReadOnly = doc?.readOnly ?? false;
  const editable = !readOnly && !docReadOnly;
  const shownTitle = draftTitle ?? doc?.title ?? title;

  const saveTitle = () => {
    if (draftTitle === null) return;
    const next = draftTitle.trim();
    setDraftTitle(null);
    if (next && next !== doc?.title) update.mutate({ body: { docId, title: next } });
  };

  const upload = async (file: File, editor: Editor) => {
    try {
      const body = formDataOf({ entityType: 'document', entityId: docId, file });
      const { url } = await uploadImage.mutateAsync({ body });
      editor.chain().focus().setImage({ src: url, alt: file.name }).run();
    } catch {
      void message.error(t('uploadFailed'));
    }
  };

  const download = async (format: 'md' | 'docx' | 'pdf') => {
    try {
      const url = api.url('knowledge.document.export', { query: { docId, format } });
      await downloadFile(url, `${shownTitle || t('untitled')}.${format}`, () => undefined);
    } catch {
      void message.error(t('exportFailed'));
    }
  };

  if (detail.isError) {
    return (
      <aside className="doc-panel" data-testid="document-panel">
        <div className="doc-panel__missing">{t('notFound')}</div>
      </aside>
    );
  }

  return (
    <aside className="doc-panel" data-testid="document-panel" data-readonly={!editable}>
      <header className="doc-panel__header">
        <TitleInput
          className="doc-panel__title"
          data-testid="doc-title"
          value={shownTitle}
          placeholder={t('untitled')}
          aria-label={t('titlePlaceholder')}
          readOnly={!editable}
          maxLength={512}
          onChange={setDraftTitle}
          onBlur={saveTitle}
        />
        <ItemLabels entityType="document" entityId={docId} />
        <span className="doc-panel__status" data-testid="collab-status" data-status={status}>
          <Badge status={STATUS_COLOR[status]} text={t(`status.${status}`)} />
        </span>
        <Tooltip title={docReadOnly ? t('readOnlyHint') : undefined}>
          <span className="doc-panel__mode">
            <Switch
              size="small"
              data-testid="doc-readonly-toggle"
              checked={docReadOnly}
              disabled={readOnly || !doc}
              loading={update.isPending}
              onChange={(checked) => update.mutate({ body: { docId, readOnly: checked } })}
            />
            {docReadOnly ? t('readOnly') : t('editable')}
          </span>
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'md', label: t('exportMd') },
              { key: 'docx', label: t('exportDocx') },
              { key: 'pdf', label: t('exportPdf') },
            ],
            onClick: ({ key }) => void download(key as 'md' | 'docx' | 'pdf'),
          }}
        >
          <Button size="small" icon={<DownloadOutlined />} data-testid="doc-export">
            {t('export')}
          </Button>
        </Dropdown>
        <ShareButton size="small" entityType="document" entityId={docId} title={shownTitle} />
        {onClose && <Button type="text" icon={<CloseOutlined />} onClick={onClose} aria-label={t('close')} />}
      </header>
      <div className="doc-panel__body">
        {session && synced && doc ? (
          <DocEditor docId={docId} session={session} editable={editable} user={user} onUpload={upload} />
        ) : (
          <Spin className="doc-panel__spin" />
        )}
      </div>
    </aside>
  );
}
