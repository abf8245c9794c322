// The profiles of simulated Messenger and Instagram users, as Meta's User Profile APIs return them with the page's
// token: Messenger `GET /{PSID}?fields=first_name,last_name`, Instagram `GET /{IGSID}?fields=name,username`. The
// simulator's userName is the profile name; one starting with "@" is an Instagram user with no name set (only the
// username).

export interface SimProfile {
  channel: 'messenger' | 'instagram';
  /** The page whose token may read it (a PSID/IGSID is scoped to the page and its Instagram account). */
  pageId: string;
  userName: string;
  /** Meta refuses the read (the user blocked the business, no consent, …). */
  refused: boolean;
}

/** The profile's fields, only those asked for (Meta answers the requested fields and the id). */
export function profileView(userId: string, profile: SimProfile, fields: string[]): Record<string, string> {
  const all: Record<string, string> = { id: userId };
  if (profile.channel === 'messenger') {
    const [first, ...rest] = profile.userName.split(/\s+/).filter(Boolean);
    if (first) all.first_name = first;
    if (rest.length) all.last_name = rest.join(' ');
  } else if (profile.userName.startsWith('@')) {
    all.username = profile.userName.slice(1);
  } else {
    all.name = profile.userName;
    all.username = profile.userName.toLowerCase().replace(/[^a-z0-9._]+/g, '.').replace(/^\.+|\.+$/g, '') || `user${userId.slice(-6)}`;
  }
  const wanted = new Set(['id', ...fields]);
  return Object.fromEntries(Object.entries(all).filter(([key]) => wanted.has(key)));
}
