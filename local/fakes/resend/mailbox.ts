import { portOverride } from '../../stack/ports';
import type { AuthEmail } from './auth-links';
import type { RecordedEmail } from './index';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function body(email: RecordedEmail): string {
  if (email.html !== null) {
    // A sandboxed frame renders the email's own HTML without its styles or scripts touching the page.
    return `<iframe class="body" sandbox title="Email body: ${escapeHtml(email.subject)}" srcdoc="${escapeHtml(email.html)}"></iframe>`;
  }
  return `<pre class="body">${escapeHtml(email.text ?? '')}</pre>`;
}

/**
 * The Auth emulator's e-mails, as a plain link (not in a sandboxed frame, which could not navigate): following
 * it verifies the address (or resets the password …) and, with a continue URL, returns to the app.
 */
function authItem(email: AuthEmail): string {
  return `<article class="email auth">
  <h2>${escapeHtml(email.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(email.to)}</dd>
    <dt>From</dt><dd>Firebase Auth emulator</dd>
  </dl>
  <p><a href="${escapeHtml(email.link)}">${escapeHtml(email.requestType === 'VERIFY_EMAIL' ? 'Verify e-mail address' : 'Open the link')}</a></p>
</article>`;
}

/** The channel simulator's page (local/fakes/simulator), linked from the mailbox. */
const SIMULATOR_URL = `http://127.0.0.1:${portOverride('simulator', 9411)}/`;
/** The call simulator's page (served by the Vapi stand-in, local/fakes/vapi), linked beside it. */
const CALL_SIMULATOR_URL = `http://127.0.0.1:${portOverride('vapi', 9414)}/`;

/** The local mailbox: every email the functions "sent", newest first, after the Auth emulator's links. */
export function renderMailbox(newestFirst: RecordedEmail[], authEmails: AuthEmail[] = []): string {
  const items = newestFirst
    .map(
      (email) => `<article class="email">
  <h2>${escapeHtml(email.subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escapeHtml(email.to.join(', '))}</dd>
    <dt>From</dt><dd>${escapeHtml(email.from)}</dd>
    <dt>Time</dt><dd><time datetime="${email.created_at}">${escapeHtml(new Date(email.created_at).toUTCString())}</time></dd>
  </dl>
  ${body(email)}
</article>`,
    )
    .join('\n');
  const authItems = authEmails.map(authItem).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Parley local mailbox (${newestFirst.length + authEmails.length})</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2933; }
  header { display: flex; justify-content: space-between; align-items: baseline; }
  .email { border: 1px solid #d9e2ec; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  .email h2 { margin: 0 0 .5rem; font-size: 1.1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0 0 .75rem; font-size: .9rem; }
  dt { color: #627d98; }
  dd { margin: 0; }
  iframe.body { width: 100%; min-height: 16rem; border: 1px solid #eef2f6; border-radius: 4px; }
  pre.body { white-space: pre-wrap; }
</style>
</head>
<body>
<header><h1>Local mailbox</h1><nav><a href="${SIMULATOR_URL}">Channel simulator</a> · <a href="${CALL_SIMULATOR_URL}">Call simulator</a> · <a href="/">Refresh</a></nav></header>
<p>Emails sent through the Resend stand-in, and the Auth emulator’s verification and sign-in links. Nothing leaves this machine.</p>
${authItems}
${items || (authItems ? '' : '<p class="empty">No emails yet.</p>')}
</body>
</html>`;
}
