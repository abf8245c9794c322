// The invitation e-mail: our template only. What members typed (the workspace's name, the inviter's address) is
// escaped and cut short; the link is the app's own sign-in page, never one from the request.

/** Escapes text for HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** One line of plain text: no control characters (line breaks among them), at most `max` characters. */
function oneLine(text: string, max: number): string {
  const printable = Array.from(text, (c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c)).join('');
  return printable.replace(/ {2,}/g, ' ').trim().slice(0, max);
}

/** The app's sign-in page (PARLEY_APP_URL + /login), or null when the app's URL is not configured. */
export function signInUrl(appUrl = process.env.PARLEY_APP_URL ?? ''): string | null {
  try {
    const url = new URL('/login', appUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function inviteEmail(opts: { workspaceName: string; inviterEmail: string | null; signInUrl: string | null }): { subject: string; html: string } {
  const workspace = oneLine(opts.workspaceName, 60) || 'a workspace';
  const inviter = oneLine(opts.inviterEmail ?? '', 254) || 'A teammate';
  const join = opts.signInUrl
    ? `<a href="${escapeHtml(opts.signInUrl)}">Sign in or create an account with this e-mail address</a> to join.`
    : 'Sign in or create an account on Parley with this e-mail address to join.';
  return {
    subject: `You've been invited to ${workspace} on Parley`,
    html: `<p>${escapeHtml(inviter)} invited you to the workspace <strong>${escapeHtml(workspace)}</strong> on Parley.</p><p>${join} The workspace then appears in your workspace switcher.</p>`,
  };
}
