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
