// Typed errors of the canvas model, so the server can map them to catalogue codes.
import type { z } from 'zod';

/** Thrown when adding nodes would exceed the canvas node limit (spec: 'node limit reached'). */
export class NodeLimitError extends Error {
  readonly code = 'NODE_LIMIT';
  constructor(
    readonly limit: number,
    readonly count: number,
  ) {
    super('node limit reached');
    this.name = 'NodeLimitError';
  }
}

/** Thrown for data that does not fit the canvas model: bad shapes, unknown versions, dangling ids. */
export class CanvasValidationError extends Error {
  readonly code = 'INVALID_CANVAS';
  constructor(
    message: string,
    readonly issues: readonly string[] = [],
  ) {
    super(issues.length > 0 ? `${message}: ${issues.join('; ')}` : message);
    this.name = 'CanvasValidationError';
  }
}

/** Parses with a zod schema and turns its failure into a CanvasValidationError. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new CanvasValidationError(`invalid ${what}`, issues);
}
