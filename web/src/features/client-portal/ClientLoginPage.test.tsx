import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clientsApi, type agencyApi } from '@parley/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgencyBrandingProvider } from '../../lib/agency-host';
import { SessionContextProvider } from '../../lib/session';
import { answer, answerCallables } from '../../test/callables';
import { renderWithProviders, stubFetch } from '../../test/render';
import { ClientSignInContext } from './client-session';
import { ClientLoginPage } from './ClientLoginPage';

// Firebase Auth's sign-in with the custom token stands behind this; the status is the setClientStatus callable.
const signInWithClientToken = vi.fn<(token: string) => Promise<unknown>>();
let statuses: string[] = [];

const branding: agencyApi.PublicBranding = {
  name: 'Acme',
  brandingText: '',
  googleFont: 'Rubik',
  themeColorUsage: 'plain',
  themeVariant: 'default',
  disablePasswordLogin: false,
  showPoweredBy: false,
  region: 'na',
  host: 'acme.localhost:5000',
  hostType: 'subdomain',
};

const session = { success: true, token: 'custom-token', clientId: 'c1', orgId: 'o1', agencyId: 'ag1', region: 'na', landing: '/app/na/agents/a1/convos', lockout: null };

function renderLogin(route = '/', look: Partial<agencyApi.PublicBranding> = {}) {
  return renderWithProviders(
    <SessionContextProvider value={{ status: 'signed-out', user: null }}>
      <AgencyBrandingProvider value={{ ...branding, ...look }}>
        <ClientSignInContext.Provider value={signInWithClientToken}>
          <ClientLoginPage />
        </ClientSignInContext.Provider>
      </AgencyBrandingProvider>
    </SessionContextProvider>,
    { route, workspace: null },
  );
}

let answers: Record<string, { status: number; body: unknown }>;
let fetchStub: ReturnType<typeof stubFetch>;
beforeEach(() => {
  answers = {};
  fetchStub = stubFetch((url) => answers[new URL(url, 'http://x').pathname] ?? { status: 500, body: { success: false, error: 'unexpected' } });
  vi.stubGlobal('fetch', fetchStub.fn);
  signInWithClientToken.mockResolvedValue({ uid: 'client:c1', role: 'client', clientId: 'c1', orgId: 'o1', agencyId: 'ag1', admin: false });
  statuses = [];
  answerCallables({
    setClientStatus: answer(clientsApi.setClientStatus, ({ status }) => {
      statuses.push(status);
      return { success: true, status };
    }),
  });
});
afterEach(() => {
  // Mantine keeps notices across tests (and queues beyond five).
  notifications.clean();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const email = () => screen.getByRole('textbox', { name: 'E-mail' });
const bodyOf = (path: string) => JSON.parse(String(fetchStub.calls.find((c) => c.url.endsWith(path))?.init.body ?? '{}')) as Record<string, unknown>;

describe('client login', () => {
  it('asks for e-mail and password before calling anything', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your email and password.')).toBeTruthy();
    expect(fetchStub.calls).toHaveLength(0);
  });

  it('marks the e-mail invalid for an unknown address and shows the wrong-password sentence', async () => {
    renderLogin();
    answers['/public/clients/login'] = { status: 404, body: { success: false, error: "This email doesn't exist" } };
    fireEvent.change(email(), { target: { value: 'ghost@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBe('true'));
    expect((await screen.findAllByText("This email doesn't exist")).length).toBeGreaterThan(0);

    answers['/public/clients/login'] = { status: 401, body: { success: false, error: 'Password is incorrect please try again' } };
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is incorrect please try again')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).not.toBe('true');
    expect(signInWithClientToken).not.toHaveBeenCalled();
  });

  it('signs in with the custom token and lands on the first allowed tab', async () => {
    renderLogin();
    answers['/public/clients/login'] = { status: 200, body: session };
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Abcdefghijklmno' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('/app/na/agents/a1/convos')).toBeTruthy();
    expect(signInWithClientToken).toHaveBeenCalledWith('custom-token');
    await waitFor(() => expect(statuses).toEqual(['online']));
    expect(bodyOf('/public/clients/login')).toMatchObject({ email: 'ada@example.com', password: 'Abcdefghijklmno', host: expect.any(String), region: 'na' });
  });

  it('hides the password when the agency turned password sign-in off, and runs the code flow', async () => {
    renderLogin('/', { disablePasswordLogin: true });
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    answers['/public/clients/login-code'] = { status: 200, body: { success: true, message: 'We sent a login code to your email.', expiresInSeconds: 600 } };
    fireEvent.change(email(), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email Login Code' }));
    const code = await screen.findByRole('textbox', { name: 'Login Code' });
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Login Code' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Email Login Code' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Login Code' }), { target: { value: '123456' } });
    answers['/public/clients/login-code/verify'] = { status: 200, body: session };
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('/app/na/agents/a1/convos')).toBeTruthy();
    expect(bodyOf('/public/clients/login-code/verify')).toMatchObject({ email: 'ada@example.com', code: '123456' });
    expect(code).toBeTruthy();
  });

  it('validates a sign-in link token once', async () => {
    answers['/public/clients/login-token'] = { status: 200, body: session };
    renderLogin('/?token=once-token');
    expect(await screen.findByText('/app/na/agents/a1/convos')).toBeTruthy();
    expect(fetchStub.calls.filter((c) => c.url.endsWith('/public/clients/login-token'))).toHaveLength(1);
    expect(bodyOf('/public/clients/login-token')).toMatchObject({ token: 'once-token' });
  });

  it('says so when the admin magic link fails', async () => {
    answers['/public/agencies/ag1/admin-sign-in'] = { status: 401, body: { success: false, error: 'nope' } };
    renderLogin('/#agencyId=ag1&adminSecret=wrong');
    expect(await screen.findByText('Error occurred signing in with admin access')).toBeTruthy();
    expect(signInWithClientToken).not.toHaveBeenCalled();
  });

  it('POSTs the admin link’s secret from the URL fragment; no request URL carries it', async () => {
    answers['/public/agencies/ag1/admin-sign-in'] = { status: 200, body: { success: true, token: 'admin-token', agencyId: 'ag1', region: 'eu', uid: 'aa-ag1-0' } };
    renderLogin('/#agencyId=ag1&adminSecret=S3cret&region=eu');
    expect(await screen.findByText('/app/eu')).toBeTruthy();
    expect(bodyOf('/public/agencies/ag1/admin-sign-in')).toEqual({ secret: 'S3cret', region: 'eu' });
    expect(fetchStub.calls.every((c) => !c.url.includes('S3cret'))).toBe(true);
    expect(signInWithClientToken).toHaveBeenCalledWith('admin-token');
  });
});
