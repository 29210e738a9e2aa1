/**
 * The app-wide error channel: API failures and unhandled rejections end up here and are
 * shown by the toast host (mounted inside antd's App) following the rules in toastRules.
 */
import { currentLocale } from '../../i18n/i18n';
import { describeErrorToast, isScriptLoadError, type ErrorToastSpec } from './toastRules';

export type ErrorNotifier = (spec: ErrorToastSpec) => void;

let notifier: ErrorNotifier | null = null;

/** Registers the toast host; returns the unregister function. */
export function setErrorNotifier(next: ErrorNotifier): () => void {
  notifier = next;
  return () => {
    if (notifier === next) notifier = null;
  };
}

export function reportError(error: unknown): void {
  const spec = describeErrorToast(error, currentLocale());
  if (!spec) return;
  if (notifier) notifier(spec);
  else console.error(error);
}

function hasErrCode(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { errCode?: unknown }).errCode === 'string'
  );
}

/**
 * Window-level handlers: script-load failures are swallowed (spec section 8); an API error
 * nobody caught is toasted; anything else is left to the browser console.
 */
export function installGlobalErrorHandlers(target: Window): () => void {
  const onError = (event: ErrorEvent) => {
    if (isScriptLoadError(event.error ?? event.message)) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isScriptLoadError(event.reason)) {
      event.preventDefault();
      return;
    }
    if (hasErrCode(event.reason)) {
      event.preventDefault();
      reportError(event.reason);
    }
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
