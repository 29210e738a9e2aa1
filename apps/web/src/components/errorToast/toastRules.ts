/**
 * What the error toast shows for an error (spec section 8), as a pure function: the
 * localised catalogue message, the stack only when the code is unknown or missing, the trace
 * id, 5 seconds for known codes and "until dismissed" for unknown ones, nothing for the one
 * silent code and nothing for script-load failures.
 */
import { LIMITS, SILENT_ERROR_CODE, errorMessage, isErrorCode, type Locale } from '@atelier/contract';

export interface ErrorToastSpec {
  /** Stable key: the same error raised twice replaces its toast instead of stacking. */
  key: string;
  code?: string;
  message: string;
  stack?: string;
  traceId?: string;
  /** Seconds before it closes itself; `false` keeps it until dismissed. */
  duration: number | false;
}

/** The catalogue's own unknown-error code: treated like a missing code (stack shown, sticky). */
const UNKNOWN_CODE = 'E0000';

interface ErrorFields {
  errCode?: string;
  traceId?: string;
  stack?: string;
  serverStack?: string;
  message?: string;
  name?: string;
}

function fieldsOf(error: unknown): ErrorFields {
  if (typeof error !== 'object' || error === null) {
    return typeof error === 'string' ? { message: error } : {};
  }
  const e = error as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
  return {
    errCode: str(e.errCode),
    traceId: str(e.traceId),
    stack: str(e.stack),
    serverStack: str(e.serverStack),
    message: str(e.message),
    name: str(e.name),
  };
}

const SCRIPT_LOAD_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /loading (css )?chunk [\w-]+ failed/i,
  /unable to preload css/i,
  /failed to load module script/i,
];

/** Lazy chunks and scripts that fail to load (offline, a redeploy) are swallowed, never toasted. */
export function isScriptLoadError(error: unknown): boolean {
  const { name, message } = fieldsOf(error);
  if (name === 'ChunkLoadError') return true;
  return message !== undefined && SCRIPT_LOAD_PATTERNS.some((re) => re.test(message));
}

export function isUnknownCode(code: string | undefined): boolean {
  return !code || !isErrorCode(code) || code === UNKNOWN_CODE;
}

/** The toast to show for `error`, or null when it must stay silent. */
export function describeErrorToast(error: unknown, locale: Locale): ErrorToastSpec | null {
  if (isScriptLoadError(error)) return null;
  const f = fieldsOf(error);
  if (f.errCode === SILENT_ERROR_CODE) return null;
  const unknown = isUnknownCode(f.errCode);
  // a server stack is the useful one; the client stack only says where the call was made
  const stack = unknown ? (f.serverStack ?? f.stack ?? f.message) : undefined;
  return {
    key: `error-toast:${f.traceId ?? f.errCode ?? f.message ?? 'unknown'}`,
    code: f.errCode,
    message: errorMessage(f.errCode, locale),
    stack,
    traceId: f.traceId,
    duration: unknown ? false : LIMITS.errorToastMs / 1000,
  };
}

/** Quota errors the user can lift by upgrading their plan. */
export const UPGRADE_CODES: readonly string[] = ['E2001', 'E2002'];

/** Whether the error is a quota one (storage or model requests): a limit reached, not a fault. */
export function isQuotaError(spec: Pick<ErrorToastSpec, 'code'>): boolean {
  return spec.code !== undefined && UPGRADE_CODES.includes(spec.code);
}

/** Whether a toast offers Upgrade: a quota error, billing on and someone signed in to upgrade. */
export function offersUpgrade(
  spec: Pick<ErrorToastSpec, 'code'>,
  where: { billing: boolean; signedIn: boolean },
): boolean {
  return where.billing && where.signedIn && isQuotaError(spec);
}
