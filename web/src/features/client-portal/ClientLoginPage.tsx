// The client login at the root of an agency host: e-mail and password (the password hidden when the agency turned
// password sign-in off), or an e-mailed login code; a sign-in link's token (`?token=`) is validated once, and the
// agency owner's magic link (its secret in the URL fragment, `#adminSecret=`, POSTed, never in a request URL) signs
// in an agency-admin session. After sign-in: the first accessible tab of the
// first agent.
import { Anchor, Button, Center, Group, Image, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { clientsApi, routes, TOAST_MS, WORKSPACE_MESSAGES, type Region } from '@parley/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { readAdminLink } from '../../lib/admin-link';
import { errorMessage } from '../../lib/api';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { adminSignIn, isEmailNotFound, loginWithCode, loginWithLinkToken, loginWithPassword, requestLoginCode, type ClientSession, type LoginTarget } from './client-auth';
import { useClientSignIn } from './client-session';
import { rememberClientRegion, rememberedClientHome } from './client-region';
import { usePortalUser } from './portal-user';
import { knownAgencyId, rememberAgencyId, useHostAgency } from './use-host-agency';

const M = clientsApi.CLIENTS_MESSAGES;
/** Server messages on the login show for 3 s. */
const LOGIN_NOTICE_MS = TOAST_MS.medium;

function notice(message: string, color: 'red' | 'green' = 'red') {
  notifications.show({ color, message, autoClose: LOGIN_NOTICE_MS });
}

export function ClientLoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const adminLink = readAdminLink(useLocation().hash);
  const { host, branding } = useHostAgency();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [mode, setMode] = useState<'credentials' | 'code'>('credentials');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'password' | 'code' | 'send' | 'link'>(null);
  const linkChecked = useRef(false);
  // Set once a sign-in here succeeded: the page goes to the landing, not to the already-signed-in redirect below.
  const landing = useRef(false);
  const portalUser = usePortalUser();
  const signInWithToken = useClientSignIn();
  const hasLink = search.has('token') || !!adminLink;

  const passwordLogin = !(branding?.disablePasswordLogin ?? false);
  const region: Region | undefined = branding?.region;
  const loginTarget = (): LoginTarget => ({ host, agencyId: knownAgencyId(search), region });

  function landed(session: ClientSession) {
    landing.current = true;
    rememberAgencyId(session.agencyId);
    rememberClientRegion(session.region);
    navigate(session.landing ?? routes.home(session.region), { replace: true });
  }

  function failed(error: unknown) {
    if (isEmailNotFound(error)) setEmailError(M.emailNotFound);
    notice(errorMessage(error, 'An error occurred during sign in/out'));
  }

  // While the client types, the dashboard's code and realtime SDK load and its database is set up: the landing after
  // sign-in does not wait for them.
  useEffect(() => {
    const warm = setTimeout(
      () => void Promise.all([import('./ClientDashboard'), import('../../lib/live-firebase').then((m) => m.liveDb(region ?? 'na'))]).catch(() => undefined),
      300,
    );
    return () => clearTimeout(warm);
  }, [region]);

  // A sign-in link's token or the admin magic link: used once, then dropped from the URL.
  useEffect(() => {
    const token = search.get('token');
    if (linkChecked.current || (!token && !adminLink)) return;
    linkChecked.current = true;
    setBusy('link');
    if (adminLink) {
      adminSignIn(signInWithToken, { host, agencyId: adminLink.agencyId, region: adminLink.region ?? branding?.region }, adminLink.secret)
        .then(({ region: r }) => {
          landing.current = true;
          rememberClientRegion(r);
          navigate(routes.home(r), { replace: true });
        })
        .catch((e: unknown) => {
          notice(errorMessage(e, M.adminSignInFailed));
          navigate('/', { replace: true });
        })
        .finally(() => setBusy(null));
      return;
    }
    loginWithLinkToken(signInWithToken, { host, agencyId: knownAgencyId(search), region: branding?.region }, token!)
      .then(landed)
      .catch((e: unknown) => {
        failed(e);
        navigate('/', { replace: true });
      })
      .finally(() => setBusy(null));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, adminLink?.secret]);

  async function signIn(e: FormEvent) {
    e.preventDefault();
    setEmailError(null);
    if (mode === 'code') {
      if (!email.trim() || !code.trim()) return notice(WORKSPACE_MESSAGES.clientLoginRequired);
      setBusy('code');
      try {
        landed(await loginWithCode(signInWithToken, loginTarget(), email.trim(), code.trim()));
      } catch (error) {
        failed(error);
      } finally {
        setBusy(null);
      }
      return;
    }
    if (!email.trim() || !password) return notice(WORKSPACE_MESSAGES.clientLoginRequired);
    setBusy('password');
    try {
      landed(await loginWithPassword(signInWithToken, loginTarget(), email.trim(), password));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  async function sendCode() {
    setEmailError(null);
    if (!email.trim()) return notice(WORKSPACE_MESSAGES.clientEmailRequired);
    setBusy('send');
    try {
      const answer = await requestLoginCode(loginTarget(), email.trim());
      notice(answer.message || M.codeSent, 'green');
      setMode('code');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  }

  if (busy === 'link') return <FullPageLoader label="Signing in…" />;
  // Already signed in (a reload of `/`): the dashboard.
  if (portalUser.status === 'portal' && !hasLink && !busy && !landing.current) {
    return <Navigate to={rememberedClientHome()} replace />;
  }

  const name = branding?.name ?? '';
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" w={380} className="agency-card">
        <form onSubmit={signIn} noValidate>
          <Stack gap="sm">
            <Group gap="sm" justify="center">
              {branding?.squarePhotoURL ? <Image src={branding.squarePhotoURL} alt={name} w={48} h={48} fit="contain" /> : null}
              <Title order={1} size="h3">
                {name ? `Sign in to ${name}` : 'Sign in'}
              </Title>
            </Group>
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              value={email}
              readOnly={mode === 'code'}
              error={emailError}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(null);
              }}
            />
            {mode === 'credentials' && passwordLogin ? (
              <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            ) : null}
            {mode === 'code' ? (
              <TextInput label="Login Code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.currentTarget.value)} />
            ) : null}
            {mode === 'credentials' ? (
              <>
                {passwordLogin ? (
                  <Button type="submit" loading={busy === 'password'} className="agency-button">
                    Sign In
                  </Button>
                ) : null}
                <Button variant={passwordLogin ? 'light' : 'filled'} loading={busy === 'send'} onClick={() => void sendCode()}>
                  Email Login Code
                </Button>
              </>
            ) : (
              <>
                <Button type="submit" loading={busy === 'code'} className="agency-button">
                  Sign In
                </Button>
                <Group grow>
                  <Button variant="light" loading={busy === 'send'} onClick={() => void sendCode()}>
                    Resend Code
                  </Button>
                  <Button
                    variant="subtle"
                    onClick={() => {
                      setMode('credentials');
                      setCode('');
                    }}
                  >
                    Cancel
                  </Button>
                </Group>
              </>
            )}
            {branding?.mainWebsite ? (
              <Text size="xs" c="dimmed" ta="center">
                <Anchor href={branding.mainWebsite} target="_blank" rel="noreferrer">
                  {name || branding.mainWebsite}
                </Anchor>
              </Text>
            ) : null}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

export default ClientLoginPage;
