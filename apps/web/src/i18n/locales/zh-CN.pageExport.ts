/** 页面导出的中文文本：页面和公开页面的“导出”菜单。 */
import type { enPageExport } from './en.pageExport';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export const zhPageExport: Strings<typeof enPageExport> = {
  button: '导出',
  pptx: 'PowerPoint（.pptx）',
  pdf: 'PDF',
  menuLabel: '导出此页面',
  preparing: '正在生成 {{format}} 文件…',
  progress: '正在导出… {{percent}}%',
  working: '正在导出…',
  done: '已下载 {{name}}',
  failed: '操作失败，请重试',
  pageNotFound: '页面不存在',
  shareGone: '分享链接可能已过期或不存在',
};
