// The name Chats shows for a Messenger or Instagram user. Meta's webhooks carry only the page-scoped id (PSID /
// IGSID), so the profile is read once per user, on the first message (no thread yet), with the page's token:
// Messenger's User Profile API (first_name, last_name) and Instagram's (name, else @username). The pipeline keeps
// the name on the thread and the conversation it creates. A lookup that fails or is slow gives the id instead:
// it never fails the message and waits at most PROFILE_TIMEOUT_MS.
import { paths } from '@parley/core';
import { GraphError, graphRequest } from '../meta/graph';
import { threadKeyOf } from '../pipeline';
import type { PageEndpoint } from './inbound';
import { readPageToken } from './pages';

/** How long the first message of a user waits for the profile before the id is used. */
export const PROFILE_TIMEOUT_MS = 1500;

interface Profile {
  first_name?: unknown;
  last_name?: unknown;
  name?: unknown;
  username?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The display name in a profile answer, or '' when it has none. */
export function nameOfProfile(channel: PageEndpoint['channel'], profile: Profile): string {
  if (channel === 'messenger') return [text(profile.first_name), text(profile.last_name)].filter(Boolean).join(' ');
  const username = text(profile.username);
  return text(profile.name) || (username ? `@${username}` : '');
}

/** The user's profile name at Meta, or null (no token, an error, too slow). */
export async function lookupProfileName(channel: PageEndpoint['channel'], pageToken: string, userId: string, timeoutMs = PROFILE_TIMEOUT_MS): Promise<string | null> {
  try {
    const profile = await graphRequest<Profile>({
      path: [userId],
      token: pageToken,
      query: { fields: channel === 'messenger' ? 'first_name,last_name' : 'name,username' },
      timeoutMs,
    });
    return nameOfProfile(channel, profile ?? {}) || null;
  } catch (error) {
    // Graph's message names the user's id: only the status and code are logged.
    const why = error instanceof GraphError ? `Graph ${error.status}${error.code ? ` #${error.code}` : ''}` : 'unknown';
    console.warn(`[${channel}] profile lookup failed (${why}); the user is shown by id`);
    return null;
  }
}

/**
 * The name to hand to the pipeline with a user's message: the one on the user's thread when there is one (settled
 * with the first message), else the profile name. The thread and the page token are read together.
 */
export async function userNameFor(endpoint: PageEndpoint, userId: string): Promise<string> {
  const key = threadKeyOf({ channel: endpoint.channel, endpointId: endpoint.page.pageId, userId });
  const [known, token] = await Promise.all([
    endpoint.db.doc(paths.channelThread(endpoint.page.agentId, key)).get().then((s) => (s.exists ? text(s.get('userName')) || userId : null), () => null),
    readPageToken(endpoint.db, endpoint.page.pageId).catch(() => null),
  ]);
  if (known) return known;
  if (!token) return userId;
  return (await lookupProfileName(endpoint.channel, token, userId)) ?? userId;
}
