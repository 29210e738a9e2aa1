/** Chinese texts of the code artifact view. */
import type { enArtifact } from './en.artifact';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

export const zhArtifact: DeepStrings<typeof enArtifact> = {
  untitled: '未命名代码组件',
  close: '关闭',
  preview: '预览',
  code: '代码',
  split: '分屏',
  saving: '保存中…',
  saved: '已保存',
  saveFailed: '保存失败，请重新保存',
  notFound: '代码组件不存在',
  readOnly: '只读',
  types: {
    react: 'React',
    svg: 'SVG',
    mermaid: 'Mermaid',
    markdown: 'Markdown',
    code: '代码',
    html: 'HTML',
    mindmap: '思维导图',
  },
  svgDownload: '下载 SVG',
  svgDownloadError: 'SVG 下载失败',
  svgEmpty: '没有 SVG 内容',
  mermaidRenderError: 'Mermaid 渲染失败',
  mermaidCopy: '复制',
  mermaidCopied: '已复制',
  mermaidCopyError: '复制图表失败',
  mermaidDownload: '下载 SVG',
  mermaidDownloadError: '下载图表失败',
  reactCompileError: '组件编译失败',
  runtimeError: '预览运行失败',
  allowNetwork: '允许访问网络',
  invalidMindMap: '思维导图数据格式无效',
  addChild: '添加子节点',
  addSibling: '添加同级节点',
  remove: '删除',
  newCard: '新想法',
  rootNoSibling: '根节点不能添加同级节点',
  card: {
    diagramError: '该图表有错误，打开查看出错位置。',
    invalidMindMap: '该思维导图不是有效的 JSON。',
    loading: '正在绘制…',
  },
};
