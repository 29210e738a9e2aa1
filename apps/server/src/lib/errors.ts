/** Business errors: a catalogue code, an optional detail message, and the HTTP status to answer with. */
import { errorMessage, type ErrorCode } from '@atelier/contract';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Business errors answer HTTP 200 like the spec's client expects; 401/429/501 keep theirs. */
    readonly httpStatus = 200,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? errorMessage(code));
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError('E0003', message, 200, details);
export const unauthorized = (message = 'Authentication required') => new AppError('E0011', message, 401);
export const tooManyRequests = (message?: string) => new AppError('E0010', message, 429);
export const notFound = (code: ErrorCode, message?: string) => new AppError(code, message);
