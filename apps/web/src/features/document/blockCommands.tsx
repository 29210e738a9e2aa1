/** The block commands shared by the slash menu and the toolbar: headings, lists, quote, code, table, image, divider. */
import type { ReactNode } from 'react';
import type { Editor } from '@tiptap/core';
import {
  CheckSquareOutlined,
  CodeOutlined,
  LineOutlined,
  OrderedListOutlined,
  PictureOutlined,
  TableOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { enDocument } from '../../i18n/locales/en.document';

export type BlockKey = keyof (typeof enDocument)['toolbar'] &
  (
    | 'heading1'
    | 'heading2'
    | 'heading3'
    | 'bulletList'
    | 'orderedList'
    | 'taskList'
    | 'blockquote'
    | 'codeBlock'
    | 'table'
    | 'image'
    | 'divider'
  );

export interface BlockCommand {
  key: BlockKey;
  /** Extra words the slash menu matches (English and Chinese). */
  keywords: string;
  icon: ReactNode;
  run: (editor: Editor, actions: { pickImage: () => void }) => void;
}

const text = (label: string) => <span className="doc-block-icon">{label}</span>;

export const BLOCK_COMMANDS: readonly BlockCommand[] = [
  {
    key: 'heading1',
    keywords: 'h1 heading title 标题',
    icon: text('H1'),
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
  },
  {
    key: 'heading2',
    keywords: 'h2 heading subtitle 标题',
    icon: text('H2'),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    key: 'heading3',
    keywords: 'h3 heading 标题',
    icon: text('H3'),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    key: 'bulletList',
    keywords: 'bullet list ul unordered 列表',
    icon: <UnorderedListOutlined />,
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    keywords: 'numbered ordered list ol 列表',
    icon: <OrderedListOutlined />,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    key: 'taskList',
    keywords: 'task todo checkbox list 任务 待办',
    icon: <CheckSquareOutlined />,
    run: (e) => e.chain().focus().toggleTaskList().run(),
  },
  {
    key: 'blockquote',
    keywords: 'quote blockquote 引用',
    icon: text('❝'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    key: 'codeBlock',
    keywords: 'code block pre 代码',
    icon: <CodeOutlined />,
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  {
    key: 'table',
    keywords: 'table grid 表格',
    icon: <TableOutlined />,
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    key: 'image',
    keywords: 'image picture photo upload 图片 上传',
    icon: <PictureOutlined />,
    run: (_e, actions) => actions.pickImage(),
  },
  {
    key: 'divider',
    keywords: 'divider hr rule line separator 分割线',
    icon: <LineOutlined />,
    run: (e) => e.chain().focus().setHorizontalRule().run(),
  },
];

/** Commands whose key, label or keywords contain the query (case-insensitive). */
export function filterCommands(query: string, label: (key: BlockKey) => string): BlockCommand[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...BLOCK_COMMANDS];
  return BLOCK_COMMANDS.filter((c) => `${c.key} ${label(c.key)} ${c.keywords}`.toLowerCase().includes(q));
}
