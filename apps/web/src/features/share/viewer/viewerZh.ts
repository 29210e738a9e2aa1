/** Simplified Chinese strings of the lean share viewer (the same areas as viewerI18n.ts). */
import { zhArtifact } from '../../../i18n/locales/zh-CN.artifact';
import { zhPageExport } from '../../../i18n/locales/zh-CN.pageExport';
import { zhPages } from '../../../i18n/locales/zh-CN.pages';
import { zhShare } from '../../../i18n/locales/zh-CN.share';

export const viewerZh = { share: zhShare, pages: zhPages, pageExport: zhPageExport, artifact: zhArtifact };
