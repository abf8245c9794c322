// The one Graph API client: every call to Meta (WhatsApp Cloud API, Messenger/Instagram Send API, pages,
// subscriptions, token exchanges) goes through graphRequest. The host is ours to choose (graph.facebook.com or
// the local stand-in), never a user's; ids from users are digits (core's metaIdSchema) and are encoded into the
// path. Tokens travel in the Authorization header, never in a URL, and nothing here logs a token or a body.
import { GRAPH_API_VERSION, graphBase } from './settings';

/** What Graph answered instead of success: its error.message (shown to the owner in the screen's toasts). */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
    readonly subcode?: number,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

export const GRAPH_UNREACHABLE = 'Meta could not be reached. Please try again.';
export const GRAPH_TIMEOUT_MS = 15_000;

export interface GraphRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Path segments after the version, e.g. [phoneId, 'messages']; each is URL-encoded. */
  path: readonly string[];
  query?: Record<string, string | undefined>;
  /** JSON body (POST). */
  body?: unknown;
  /** The access token (user, page, business or app token), sent as a bearer. */
  token?: string;
  /** Shorter than GRAPH_TIMEOUT_MS for calls that something waits on and can do without (a profile name). */
  timeoutMs?: number;
}

/** The URL of a Graph call (no token in it). */
export function graphUrl(path: readonly string[], query: Record<string, string | undefined> = {}): string {
  const url = new URL(`${graphBase()}/${GRAPH_API_VERSION}/${path.map((segment) => encodeURIComponent(segment)).join('/')}`);
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

interface GraphErrorBody {
  error?: { message?: unknown; code?: unknown; error_subcode?: unknown; error_user_msg?: unknown };
}

export async function graphRequest<T>(request: GraphRequest): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(graphUrl(request.path, request.query), {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs ?? GRAPH_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    console.warn(`[meta] ${request.method ?? 'GET'} /${request.path[0] ?? ''}/… unreachable`);
    throw new GraphError(GRAPH_UNREACHABLE, 0);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const error = (json as GraphErrorBody | null)?.error;
  if (!response.ok || error) {
    const message = typeof error?.error_user_msg === 'string' && error.error_user_msg ? error.error_user_msg
      : typeof error?.message === 'string' && error.message ? error.message : `Meta answered ${response.status}.`;
    throw new GraphError(
      message,
      response.status,
      typeof error?.code === 'number' ? error.code : undefined,
      typeof error?.error_subcode === 'number' ? error.error_subcode : undefined,
    );
  }
  return json as T;
}

/** The app access token (`{app-id}|{app-secret}`): app-level calls such as webhook subscriptions. */
export function appAccessToken(appId: string, appSecret: string): string {
  return `${appId}|${appSecret}`;
}
