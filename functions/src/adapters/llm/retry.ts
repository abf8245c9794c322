// Retries transient LLM failures (timeouts, 429, 5xx, dropped connections) with exponential backoff
// inside an overall deadline, so a visitor never waits longer than the deadline for a polite failure.

export interface RetryOptions {
  /** Overall time budget (ms) for every attempt and pause together. */
  deadlineMs: number;
  /** First pause (ms); doubles each attempt, with jitter. */
  baseDelayMs: number;
  maxAttempts: number;
  /** Stops retrying once an attempt has produced output (a half-streamed reply cannot be retried). */
  canRetry?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
}

export class DeadlineExceeded extends Error {
  constructor(readonly lastError: unknown) {
    super('LLM deadline exceeded');
  }
}

/** Status of an HTTP-ish error (the openai client's APIError has `status`). */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return status === 408 || status === 409 || status === 429 || status >= 500;
  const name = `${(error as { name?: string } | null)?.name ?? ''} ${(error as object | null)?.constructor?.name ?? ''}`;
  // APIConnectionError / APIConnectionTimeoutError / AbortError: network-level.
  return /Connection|Timeout|Abort/i.test(name);
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt(timeoutMs)` until it succeeds, a non-transient error occurs, or the deadline passes. */
export async function withRetry<T>(attempt: (timeoutMs: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  const started = Date.now();
  let lastError: unknown;
  for (let n = 0; n < options.maxAttempts; n++) {
    const remaining = options.deadlineMs - (Date.now() - started);
    if (remaining <= 0) break;
    try {
      return await attempt(remaining);
    } catch (error) {
      lastError = error;
      if (!isTransient(error) || (options.canRetry && !options.canRetry())) throw error;
      const pause = options.baseDelayMs * 2 ** n * (0.75 + Math.random() * 0.5);
      if (Date.now() - started + pause >= options.deadlineMs) break;
      await sleep(pause);
    }
  }
  throw new DeadlineExceeded(lastError);
}
