// "Verify your e-mail": what a user who signed up with e-mail and password sees until they follow the link in
// the verification e-mail. Nothing of the app (workspace, agents, sign-up credits) is open before that.
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useReducer, useState, type ReactNode } from 'react';
import { useSession, useSignOut } from '../../lib/session';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { PublicLayout } from '../../ui/PublicLayout';
import { authErrorMessage } from './auth-errors';
import { ensureVerifiedToken, needsEmailVerification, useEmailVerificationActions } from './email-verification';

export const VERIFY_TEXTS = {
  title: 'Verify your e-mail',
  sent: (email: string) => `We sent a verification link to ${email}. Open it, then come back here to continue.`,
  continue: 'I have verified my e-mail',
  resend: 'Resend e-mail',
  resent: (email: string) => `We sent a new link to ${email}.`,
  notYet: 'Your e-mail is not verified yet. Open the link we sent you, then try again.',
  tooMany: 'Too many e-mails were requested. Please wait a minute before asking for another one.',
  otherAccount: 'Use another account',
} as const;

export function VerifyEmailScreen({ email, onVerified }: { email: string; onVerified(): void }) {
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const [busy, setBusy] = useState<'check' | 'send' | null>(null);
  const { refreshEmailVerified, sendVerificationEmail } = useEmailVerificationActions();
  const signOut = useSignOut();

  const check = useCallback(
    async (reportNotYet: boolean) => {
      if (await refreshEmailVerified().catch(() => false)) onVerified();
      else if (reportNotYet) setNotice({ color: 'red', text: VERIFY_TEXTS.notYet });
    },
    [onVerified, refreshEmailVerified],
  );

  // Coming back from the link (its continue URL, or another tab) is noticed without a click.
  useEffect(() => {
    void check(false);
    const onFocus = () => void check(false);
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [check]);

  async function resend() {
    setBusy('send');
    try {
      await sendVerificationEmail();
      setNotice({ color: 'green', text: VERIFY_TEXTS.resent(email) });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      setNotice({ color: 'red', text: code === 'auth/too-many-requests' ? VERIFY_TEXTS.tooMany : authErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    setBusy('check');
    setNotice(null);
    try {
      await check(true);
    } finally {
      setBusy(null);
    }
  }

  return (
    <PublicLayout>
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={480} mx="auto" my={48}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {VERIFY_TEXTS.title}
          </Title>
          <Text>{VERIFY_TEXTS.sent(email)}</Text>
          {notice && (
            <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'}>
              {notice.text}
            </Alert>
          )}
          <Group>
            <Button onClick={() => void confirm()} loading={busy === 'check'}>
              {VERIFY_TEXTS.continue}
            </Button>
            <Button variant="default" onClick={() => void resend()} loading={busy === 'send'}>
              {VERIFY_TEXTS.resend}
            </Button>
          </Group>
          <Anchor component="button" type="button" size="sm" onClick={() => void signOut().then(() => window.location.assign('/login'))}>
            {VERIFY_TEXTS.otherAccount}
          </Anchor>
        </Stack>
      </Paper>
    </PublicLayout>
  );
}

/** Users whose ID token is known to carry their verified e-mail (checked once per page load). */
const tokenInLine = new Set<string>();

/**
 * Shows the verify screen instead of `children` while the signed-in user's e-mail is unverified; once it is,
 * `children` render with an ID token that says so (the rules and functions read the token, not the user record).
 */
export function EmailVerificationGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const user = session.status === 'signed-in' ? session.user : null;
  const syncing = !!user?.email && user.emailVerified && !tokenInLine.has(user.uid);
  useEffect(() => {
    if (!syncing || !user) return;
    let live = true;
    void ensureVerifiedToken(user)
      .catch(() => undefined)
      .finally(() => {
        tokenInLine.add(user.uid);
        if (live) rerender();
      });
    return () => {
      live = false;
    };
  }, [syncing, user]);
  if (user && needsEmailVerification(user)) {
    const verified = () => {
      tokenInLine.add(user.uid);
      rerender();
    };
    return <VerifyEmailScreen email={user.email ?? ''} onVerified={verified} />;
  }
  if (syncing) return <FullPageLoader />;
  return <>{children}</>;
}
