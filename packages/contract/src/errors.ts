/**
 * The error catalogue (spec section 8): every business code with its English and
 * Simplified Chinese message, plus the transport codes the client maps HTTP failures to.
 */
export const ERROR_CATALOGUE = {
  E0000: { en: 'An unknown error has occurred, please try again later', 'zh-CN': '发生未知错误，请稍后重试' },
  E0001: {
    en: 'Cannot connect to the server, please try again later',
    'zh-CN': '无法连接到服务器，请稍后重试',
  },
  E0003: { en: 'System parameter error, please check your input', 'zh-CN': '系统参数错误，请检查输入' },
  E0004: { en: 'Authorization process failed, please try again', 'zh-CN': '授权过程失败，请重试' },
  E0005: { en: 'Account not found, please sign up', 'zh-CN': '账户不存在，请先注册' },
  E0006: { en: 'Password incorrect, please try again', 'zh-CN': '密码错误，请重试' },
  E0007: {
    en: 'Email already registered, please sign in or try another one',
    'zh-CN': '该邮箱已注册，请直接登录或更换邮箱',
  },
  E0008: {
    en: 'Verification session not found or expired, please try again',
    'zh-CN': '验证会话不存在或已过期，请重试',
  },
  E0009: { en: 'Verification code is incorrect, please try again', 'zh-CN': '验证码错误，请重试' },
  E0010: { en: 'Operation too frequent, please try again later', 'zh-CN': '操作过于频繁，请稍后再试' },
  E0011: { en: 'Authentication expired, please sign in again', 'zh-CN': '身份验证已过期，请重新登录' },
  E0012: { en: 'This file type is temporarily not supported', 'zh-CN': '暂不支持该文件类型' },
  E0013: { en: 'Switching embedding model is not supported', 'zh-CN': '不支持切换嵌入模型' },
  E0014: {
    en: 'Chat model not configured, please configure it in settings',
    'zh-CN': '未配置对话模型，请在设置中配置',
  },
  E0015: {
    en: 'Embedding model not configured, please configure it in settings',
    'zh-CN': '未配置嵌入模型，请在设置中配置',
  },
  E0016: {
    en: 'This API token may not do this: it is read-only, or the call needs a signed-in session',
    'zh-CN': '此 API 令牌无权执行该操作：令牌为只读，或该操作需要登录会话',
  },
  E0017: { en: 'API token not found, please refresh and try again', 'zh-CN': 'API 令牌不存在，请刷新后重试' },
  E1000: { en: 'Canvas not found, please refresh and try again', 'zh-CN': '画布不存在，请刷新后重试' },
  E1002: { en: 'Resource not found, please refresh and try again', 'zh-CN': '资源不存在，请刷新后重试' },
  E1003: { en: 'Document not found, please refresh and try again', 'zh-CN': '文档不存在，请刷新后重试' },
  E1004: { en: 'Reference not found, please refresh and try again', 'zh-CN': '引用不存在，请刷新后重试' },
  E1005: {
    en: 'Reference object missing, please refresh and try again',
    'zh-CN': '引用对象缺失，请刷新后重试',
  },
  E1006: { en: 'Skill not found, please refresh and try again', 'zh-CN': '技能不存在，请刷新后重试' },
  E1007: {
    en: 'Label class not found, please refresh and try again',
    'zh-CN': '标签分类不存在，请刷新后重试',
  },
  E1008: {
    en: 'Label instance not found, please refresh and try again',
    'zh-CN': '标签不存在，请刷新后重试',
  },
  E1009: { en: 'Share content not found', 'zh-CN': '分享内容不存在' },
  E1010: { en: 'Page not found, please refresh and try again', 'zh-CN': '页面不存在，请刷新后重试' },
  E1011: {
    en: 'Action result not found, please refresh and try again',
    'zh-CN': '执行结果不存在，请刷新后重试',
  },
  E1012: { en: 'Upload file not found, please try again', 'zh-CN': '上传文件不存在，请重试' },
  E1013: {
    en: 'Code artifact not found, please refresh and try again',
    'zh-CN': '代码组件不存在，请刷新后重试',
  },
  E1014: { en: 'Project not found, please refresh and try again', 'zh-CN': '项目不存在，请刷新后重试' },
  E1015: {
    en: 'Provider not found, please refresh and try again',
    'zh-CN': '模型提供方不存在，请刷新后重试',
  },
  E1016: { en: 'Provider item not found, please refresh and try again', 'zh-CN': '模型不存在，请刷新后重试' },
  E1017: {
    en: 'MCP server not found, please refresh and try again',
    'zh-CN': 'MCP 服务器不存在，请刷新后重试',
  },
  E1021: { en: 'Version not found, please refresh and try again', 'zh-CN': '版本不存在，请刷新后重试' },
  E2001: {
    en: 'Storage quota exceeded, please upgrade your subscription',
    'zh-CN': '存储空间已满，请升级订阅',
  },
  E2002: {
    en: 'Model usage quota exceeded, please upgrade your subscription',
    'zh-CN': '模型使用额度已用完，请升级订阅',
  },
  E2003: { en: 'Model not supported, please select another one', 'zh-CN': '不支持该模型，请选择其他模型' },
  E2004: { en: 'Content too large, maximum 100k characters', 'zh-CN': '内容过长，最多 10 万字符' },
  E2005: { en: 'Request payload too large, maximum 100KB', 'zh-CN': '请求数据过大，最大 100KB' },
  E3001: { en: 'Model provider error, please try again later', 'zh-CN': '模型提供方出错，请稍后重试' },
  E3002: {
    en: 'Model provider rate limit exceeded, please try again later',
    'zh-CN': '模型提供方请求频率超限，请稍后重试',
  },
  E3003: {
    en: 'Model provider timed out, please try again later',
    'zh-CN': '模型提供方响应超时，请稍后重试',
  },
} as const satisfies Record<string, { en: string; 'zh-CN': string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type Locale = 'en' | 'zh-CN';
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/**
 * Transport mapping (spec section 8, literal codes chosen by us, see docs/decisions.md):
 * - HTTP 401 → E0011 (and the client runs the refresh flow)
 * - HTTP 429 → E0010
 * - any other non-OK status → E0000
 * - a thrown exception (network failure, aborted fetch, bad JSON) → E0001
 */
export const TRANSPORT_CODES = {
  unauthorized: 'E0011',
  rateLimited: 'E0010',
  httpError: 'E0000',
  thrown: 'E0001',
} as const satisfies Record<string, ErrorCode>;

/** The one code the web client never toasts: the refresh flow or the login screen handles it. */
export const SILENT_ERROR_CODE: ErrorCode = 'E0011';

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CATALOGUE, code);
}

/** The localised message for a code; an unknown or missing code gets the unknown-error message. */
export function errorMessage(code: string | undefined | null, locale: Locale = 'en'): string {
  const entry = isErrorCode(code) ? ERROR_CATALOGUE[code] : ERROR_CATALOGUE.E0000;
  return entry[locale] ?? entry.en;
}
