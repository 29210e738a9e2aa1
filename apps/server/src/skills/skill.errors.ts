/**
 * Maps what a model call threw to the catalogue: HTTP 429 → E3002, timeouts (our idle timer,
 * network and header timeouts) → E3003, any other provider failure → E3001. The provider's own
 * text is kept as `originError`, without keys or request bodies.
 */
import { APICallError, RetryError } from 'ai';
import type { ErrorCode } from '@atelier/contract';
import { AppError } from '../lib/errors.js';

export class SkillIdleTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`The model sent nothing for ${ms} ms`);
    this.name = 'SkillIdleTimeoutError';
  }
}

export interface MappedError {
  code: ErrorCode;
  originError: string;
}

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function isTimeout(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { name?: unknown; code?: unknown; cause?: unknown };
  if (e.name === 'TimeoutError' || e instanceof SkillIdleTimeoutError) return true;
  if (typeof e.code === 'string' && TIMEOUT_CODES.has(e.code)) return true;
  return isTimeout(e.cause, depth + 1);
}

function messageOf(err: unknown): string {
  if (APICallError.isInstance(err)) {
    const body = err.responseBody ? `: ${err.responseBody.slice(0, 500)}` : '';
    return `${err.statusCode ?? ''} ${err.message}${body}`.trim();
  }
  return err instanceof Error ? err.message : String(err);
}

export function mapSkillError(err: unknown): MappedError {
  if (err instanceof AppError) return { code: err.code, originError: err.message };
  const last = RetryError.isInstance(err) ? err.lastError : err;
  const originError = messageOf(last).slice(0, 1000);
  if (APICallError.isInstance(last) && last.statusCode === 429) return { code: 'E3002', originError };
  if (isTimeout(last)) return { code: 'E3003', originError };
  return { code: 'E3001', originError };
}
