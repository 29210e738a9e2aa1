/** The formatting toolbar above the document: marks, block types, tables, images, undo/redo. */
import { Button, Divider, Dropdown, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { BLOCK_COMMANDS } from './blockCommands';
import { useTranslation } from 'react-i18next';

export function EditorToolbar({ editor, pickImage }: { editor: Editor; pickImage: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'document' });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      link: e.isActive('link'),
      heading1: e.isActive('heading', { level: 1 }),
      heading2: e.isActive('heading', { level: 2 }),
      heading3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      taskList: e.isActive('taskList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      table: e.isActive('table'),
    }),
  });

  const mark = (key: 'bold' | 'italic' | 'strike' | 'code', icon: React.ReactNode, run: () => void) => (
    <Tooltip title={t(`toolbar.${key}`)} key={key}>
      <Button
        type={active[key] ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={t(`toolbar.${key}`)}
        aria-pressed={active[key]}
        onClick={run}
      />
    </Tooltip>
  );

  const setLink = () => {
    if (editor.isActive('link')) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const href = window.prompt(t('toolbar.linkPrompt'), 'https://');
    if (href && /^https?:\/\//i.test(href)) editor.chain().focus().setLink({ href }).run();
  };

  return (
    <div className="doc-toolbar" role="toolbar" data-testid="doc-toolbar">
      <Tooltip title={t('toolbar.undo')}>
        <Button
          type="text"
          size="small"
          icon={<UndoOutlined />}
          aria-label={t('toolbar.undo')}
          onClick={() => editor.chain().focus().undo().run()}
        />
      </Tooltip>
      <Tooltip title={t('toolbar.redo')}>
        <Button
          type="text"
          size="small"
          icon={<RedoOutlined />}
          aria-label={t('toolbar.redo')}
          onClick={() => editor.chain().focus().redo().run()}
        />
      </Tooltip>
      <Divider orientation="vertical" />
      {mark('bold', <BoldOutlined />, () => editor.chain().focus().toggleBold().run())}
      {mark('italic', <ItalicOutlined />, () => editor.chain().focus().toggleItalic().run())}
      {mark('strike', <StrikethroughOutlined />, () => editor.chain().focus().toggleStrike().run())}
      {mark('code', <CodeOutlined />, () => editor.chain().focus().toggleCode().run())}
      <Tooltip title={t('toolbar.link')}>
        <Button
          type={active.link ? 'primary' : 'text'}
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('toolbar.link')}
          onClick={setLink}
        />
      </Tooltip>
      <Divider orientation="vertical" />
      {BLOCK_COMMANDS.map((command) => {
        const on = command.key in active && active[command.key as keyof typeof active];
        return (
          <Tooltip title={t(`toolbar.${command.key}`)} key={command.key}>
            <Button
              type={on ? 'primary' : 'text'}
              size="small"
              icon={command.icon}
              aria-label={t(`toolbar.${command.key}`)}
              data-testid={`doc-toolbar-${command.key}`}
              onClick={() => command.run(editor, { pickImage })}
            />
          </Tooltip>
        );
      })}
      {active.table && (
        <Dropdown
          menu={{
            items: [
              {
                key: 'addRow',
                label: t('toolbar.addRow'),
                onClick: () => editor.chain().focus().addRowAfter().run(),
              },
              {
                key: 'addColumn',
                label: t('toolbar.addColumn'),
                onClick: () => editor.chain().focus().addColumnAfter().run(),
              },
              {
                key: 'deleteRow',
                label: t('toolbar.deleteRow'),
                onClick: () => editor.chain().focus().deleteRow().run(),
              },
              {
                key: 'deleteColumn',
                label: t('toolbar.deleteColumn'),
                onClick: () => editor.chain().focus().deleteColumn().run(),
              },
              {
                key: 'deleteTable',
                label: t('toolbar.deleteTable'),
                danger: true,
                onClick: () => editor.chain().focus().deleteTable().run(),
              },
            ],
          }}
        >
          <Button type="text" size="small" icon={<TableOutlined />}>
            ▾
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
