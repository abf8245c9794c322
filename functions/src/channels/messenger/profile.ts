// The name Chats shows for a Messenger or Instagram user. Meta's webhooks carry only the page-scoped id (PSID /
// IGSID), so the profile is read once per user, when the answer task creates their thread, with the page's token:
// Messenger's User Profile API (first_name, last_name) and Instagram's (name, else @username). The pipeline keeps
// the name on the thread and the conversation it creates. A lookup that fails or is slow gives the id instead:
// it never fails the message and waits at most PROFILE_TIMEOUT_MS.
import { GraphError, graphRequest } from '../meta/graph';

/** The two channels a Meta page answers on. */
export type PageChannel = 'messenger' | 'instagram';

/** How long a new user's first answer waits for the profile before the id is used. */
export const PROFILE_TIMEOUT_MS = 1500;

interface Profile {
  first_name?: unknown;
  last_name?: unknown;
  name?: unknown;
  username?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The display name in a profile answer, or '' when it has none. */
export function nameOfProfile(channel: PageChannel, profile: Profile): string {
  if (channel === 'messenger') return [text(profile.first_name), text(profile.last_name)].filter(Boolean).join(' ');
  const username = text(profile.username);
  return text(profile.name) || (username ? `@${username}` : '');
}

/** The user's profile name at Meta, or null (no token, an error, too slow). */
export async function lookupProfileName(channel: PageChannel, pageToken: string, userId: string, timeoutMs = PROFILE_TIMEOUT_MS): Promise<string | null> {
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
