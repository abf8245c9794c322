/**
 * The Firebase Auth emulator's out-of-band e-mails (verify your e-mail, reset your password, sign-in links) for
 * the local mailbox. The emulator never sends them; it lists them at
 * GET /emulator/v1/projects/{project}/oobCodes. The mailbox asks it whenever the page (or /__recorded) is read,
 * so a developer clicks the link as a user would click the one in their inbox.
 */

/** Where the Auth emulator is and which project's codes to list. */
export interface AuthEmulatorSource {
  /** e.g. http://127.0.0.1:9099 */
  url: string;
  projectId: string;
}

export interface AuthEmail {
  to: string;
  requestType: string;
  subject: string;
  /** The emulator's action link (follow it to verify / reset / sign in). */
  link: string;
}

const SUBJECTS: Record<string, string> = {
  VERIFY_EMAIL: 'Verify your e-mail for Parley',
  PASSWORD_RESET: 'Reset your password for Parley',
  EMAIL_SIGNIN: 'Sign in to Parley',
  VERIFY_AND_CHANGE_EMAIL: 'Confirm your new e-mail for Parley',
};

interface OobCode {
  email?: unknown;
  requestType?: unknown;
  oobLink?: unknown;
}

/** The emulator's pending codes, newest first; none when it is not running (the mailbox still renders). */
export async function fetchAuthEmails(source: AuthEmulatorSource | undefined): Promise<AuthEmail[]> {
  if (!source) return [];
  try {
    const res = await fetch(`${source.url.replace(/\/$/, '')}/emulator/v1/projects/${encodeURIComponent(source.projectId)}/oobCodes`, {
      signal: AbortSignal.timeout(1500),
    });
    if (!res.ok) return [];
    const { oobCodes } = (await res.json()) as { oobCodes?: OobCode[] };
    return (oobCodes ?? [])
      .filter((c): c is { email: string; requestType: string; oobLink: string } =>
        typeof c.email === 'string' && typeof c.requestType === 'string' && typeof c.oobLink === 'string' && /^https?:\/\//.test(c.oobLink))
      .map((c) => ({ to: c.email, requestType: c.requestType, subject: SUBJECTS[c.requestType] ?? `Firebase Auth: ${c.requestType}`, link: c.oobLink }))
      .reverse();
  } catch {
    return [];
  }
}
