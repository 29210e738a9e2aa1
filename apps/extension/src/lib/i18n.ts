/** The extension's strings in English and Chinese; errors use the server's catalogue messages. */
import { errorMessage, isErrorCode } from '@atelier/contract/errors';

export type UiLocale = 'en' | 'zh-CN';

const en = {
  appName: 'Atelier Web Clipper',
  optionsTitle: 'Atelier Web Clipper settings',
  serverAddress: 'Server address',
  serverAddressHelp: 'The address you open Atelier at, e.g. http://localhost:5800',
  test: 'Test',
  save: 'Save',
  testing: 'Checking…',
  serverOk: 'Atelier {version} answers at this address.',
  saved: 'Saved. The clipper uses {address}.',
  account: 'Account',
  signedInAs: 'Signed in as {email}.',
  signedInNoEmail: 'Signed in.',
  signedOut: 'You are signed out of this server.',
  signIn: 'Sign in',
  refresh: 'Check again',
  appearance: 'Appearance',
  language: 'Language',
  theme: 'Theme',
  auto: 'Browser default',
  system: 'System',
  light: 'Light',
  dark: 'Dark',
  shortcutHint:
    'Shortcut: {key} clips the page you are on. Right-click a page, selection or link to clip it.',
  title: 'Title',
  clipAs: 'Clip as',
  modePage: 'Article',
  modePageHelp: 'The main text of the page, without menus and ads',
  modeSelection: 'Selection',
  modeSelectionHelp: 'The text you selected on the page',
  modeLink: 'Link',
  modeLinkHelp: 'Just the address; Atelier fetches the page itself',
  target: 'Save to',
  targetLibrary: 'Library only',
  targetCanvas: 'Library and canvas “{title}”',
  openCanvas: 'Open the canvas',
  clip: 'Clip to library',
  clipping: 'Clipping…',
  clipped: 'Saved to your library.',
  openItem: 'Open in Atelier',
  openOptions: 'Settings',
  loading: 'Connecting to {address}…',
  errorTitle: 'Could not clip',
  err_not_atelier: 'No Atelier server answers at this address. Check it in the settings.',
  // the same, on the settings page itself
  notAtelierHere: 'No Atelier server answers at this address. Is it the address you open Atelier at?',
  err_signed_out: 'You are signed out. Sign in to Atelier, then try again.',
  err_unreadable_page: 'This page cannot be read (browser pages, local files and PDFs cannot be clipped).',
  err_no_selection: 'Nothing is selected on the page. Select some text first, or clip the article.',
  err_bad_address: 'This is not a web address. Enter one like http://localhost:5800.',
  err_bad_message: 'The clipper could not understand this request.',
  notifyTitle: 'Clipped to Atelier',
  notifyBody: '"{title}" is in your library. Click to open it.',
  notifyErrorTitle: 'Atelier could not clip this page',
  menuPage: 'Clip page to Atelier',
  menuSelection: 'Clip selection to Atelier',
  menuLink: 'Clip link to Atelier',
};

export type MessageKey = keyof typeof en;

const zhCN: Record<MessageKey, string> = {
  appName: 'Atelier 网页剪藏',
  optionsTitle: 'Atelier 网页剪藏设置',
  serverAddress: '服务器地址',
  serverAddressHelp: '你打开 Atelier 的地址，例如 http://localhost:5800',
  test: '测试',
  save: '保存',
  testing: '正在检查…',
  serverOk: '此地址上的 Atelier {version} 已响应。',
  saved: '已保存。剪藏将使用 {address}。',
  account: '账户',
  signedInAs: '已登录：{email}。',
  signedInNoEmail: '已登录。',
  signedOut: '你尚未登录此服务器。',
  signIn: '登录',
  refresh: '重新检查',
  appearance: '外观',
  language: '语言',
  theme: '主题',
  auto: '跟随浏览器',
  system: '跟随系统',
  light: '浅色',
  dark: '深色',
  shortcutHint: '快捷键：{key} 剪藏当前页面。也可以在页面、选中文字或链接上右键剪藏。',
  title: '标题',
  clipAs: '剪藏方式',
  modePage: '文章',
  modePageHelp: '页面正文，去掉菜单和广告',
  modeSelection: '选中内容',
  modeSelectionHelp: '你在页面上选中的文字',
  modeLink: '链接',
  modeLinkHelp: '只保存地址，由 Atelier 抓取页面',
  target: '保存到',
  targetLibrary: '仅知识库',
  targetCanvas: '知识库和画布“{title}”',
  openCanvas: '打开画布',
  clip: '剪藏到知识库',
  clipping: '正在剪藏…',
  clipped: '已保存到你的知识库。',
  openItem: '在 Atelier 中打开',
  openOptions: '设置',
  loading: '正在连接 {address}…',
  errorTitle: '无法剪藏',
  err_not_atelier: '此地址上没有 Atelier 服务器响应，请在设置中检查。',
  notAtelierHere: '此地址上没有 Atelier 服务器响应。它是你打开 Atelier 的地址吗？',
  err_signed_out: '你已退出登录。请先登录 Atelier，然后重试。',
  err_unreadable_page: '无法读取此页面（浏览器页面、本地文件和 PDF 不能剪藏）。',
  err_no_selection: '页面上没有选中任何内容。请先选中文字，或剪藏整篇文章。',
  err_bad_address: '这不是网页地址。请输入类似 http://localhost:5800 的地址。',
  err_bad_message: '剪藏无法理解此请求。',
  notifyTitle: '已剪藏到 Atelier',
  notifyBody: '“{title}”已在你的知识库中。点击打开。',
  notifyErrorTitle: 'Atelier 无法剪藏此页面',
  menuPage: '将页面剪藏到 Atelier',
  menuSelection: '将选中内容剪藏到 Atelier',
  menuLink: '将链接剪藏到 Atelier',
};

export const MESSAGES: Record<UiLocale, Record<MessageKey, string>> = { en, 'zh-CN': zhCN };

/** The locale for a setting ('auto' follows the browser's language). */
export function resolveLocale(setting: string | undefined, browserLanguage: string): UiLocale {
  if (setting === 'en' || setting === 'zh-CN') return setting;
  return browserLanguage.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function translate(locale: UiLocale, key: MessageKey, vars: Record<string, string> = {}): string {
  return MESSAGES[locale][key].replace(/\{(\w+)\}/g, (match, name: string) => vars[name] ?? match);
}

/** The message for a failure code: the extension's own, else the server catalogue's. */
export function errorText(locale: UiLocale, code: string, fallback?: string): string {
  const own = `err_${code}`;
  if (own in en) return translate(locale, own as MessageKey);
  if (isErrorCode(code)) return errorMessage(code, locale);
  return fallback || errorMessage('E0000', locale);
}
