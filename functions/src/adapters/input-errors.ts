// The errors a caller's request can end in: a status with a readable sentence, and zod issues made readable.
import type { z } from 'zod';

/** The issues of a zod error as "field: message; …" (at most five, then how many more). */
export function zodIssues(error: z.ZodError, whole = 'body'): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : whole;
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `${parts.join('; ')}${more}`;
}

/** Turns a zod error on a caller's input into one readable sentence that names each bad field. */
export function zodMessage(error: z.ZodError, whole = 'body'): string {
  return `Invalid input — ${zodIssues(error, whole)}`;
}

/** Throw from a handler to answer with a status and a message the user can read (and headers, e.g. Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A caller's input that does not fit its schema: 400 (`invalid-argument`) naming the field. */
export class InputError extends HttpError {
  constructor(error: z.ZodError, whole = 'body') {
    super(400, zodMessage(error, whole));
    this.name = 'InputError';
  }
}

/**
 * Parses caller input a handler validates itself (e.g. after authorisation, so a stranger learns nothing):
 * an InputError (400 naming the field) when it does not fit.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, whole = 'body'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new InputError(result.error, whole);
  return result.data;
}
