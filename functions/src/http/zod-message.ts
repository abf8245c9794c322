import type { z } from 'zod';

/** Turns a zod error into one readable sentence that names each bad field. */
export function zodMessage(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
    return `${where}: ${issue.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return `Invalid input — ${parts.join('; ')}${more}`;
}
