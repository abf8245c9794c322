// REST calls to the functions API (same origin through Hosting rewrites, or apiBase).
import { apiUrl } from './config';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Sends JSON with an optional bearer; non-2xx answers throw ApiError with the reply's error text. */
export async function apiFetch<T>(path: string, opts: { method?: string; bearer?: string | null; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.bearer) headers.authorization = `Bearer ${opts.bearer}`;
  const res = await fetch(apiUrl(path), {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const record = (data ?? {}) as { error?: unknown; message?: unknown };
    const message = typeof record.error === 'string' ? record.error : typeof record.message === 'string' ? record.message : `Request failed (${res.status})`;
    throw new ApiError(res.status, message);
  }
  return data as T;
}
