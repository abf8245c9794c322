import { fireEvent, screen } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContextProvider } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { EmailVerificationContext } from './email-verification';
import { EmailVerificationGate } from './VerifyEmailScreen';

// Firebase Auth stands behind these two calls; the screen's behaviour around them is what is tested.
const firebase = { refresh: vi.fn<() => Promise<boolean>>(), send: vi.fn<() => Promise<void>>() };
const actions = { refreshEmailVerified: firebase.refresh, sendVerificationEmail: firebase.send };
beforeEach(() => {
  firebase.refresh.mockReset();
  firebase.send.mockReset();
});

interface FakeUser {
  uid?: string;
  email: string;
  emailVerified: boolean;
  getIdTokenResult?: () => Promise<{ claims: Record<string, unknown> }>;
  getIdToken?: (force?: boolean) => Promise<string>;
}

function renderGate(user: FakeUser) {
  return renderWithProviders(
    <SessionContextProvider value={{ status: 'signed-in', user: user as unknown as User }}>
      <EmailVerificationContext.Provider value={actions}>
        <EmailVerificationGate>
          <h1>Set up your workspace</h1>
        </EmailVerificationGate>
      </EmailVerificationContext.Provider>
    </SessionContextProvider>,
    { workspace: null },
  );
}

describe('the verify-your-e-mail screen', () => {
  it('keeps a user with an unverified e-mail out of onboarding (no workspace, no sign-up credits)', async () => {
    firebase.refresh.mockResolvedValue(false);
    renderGate({ email: 'new@example.com', emailVerified: false });
    expect(screen.getByRole('heading', { name: 'Verify your e-mail' })).toBeTruthy();
    expect(screen.getByText('We sent a verification link to new@example.com. Open it, then come back here to continue.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Set up your workspace' })).toBeNull();
  });

  it('sends the e-mail again, and says when too many were asked for', async () => {
    firebase.refresh.mockResolvedValue(false);
    firebase.send.mockResolvedValueOnce(undefined);
    renderGate({ email: 'new@example.com', emailVerified: false });
    fireEvent.click(screen.getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('We sent a new link to new@example.com.')).toBeTruthy();
    firebase.send.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/too-many-requests' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('Too many e-mails were requested. Please wait a minute before asking for another one.')).toBeTruthy();
  });

  it('lets the user on once the link was followed, not before', async () => {
    const user = { email: 'new@example.com', emailVerified: false };
    firebase.refresh.mockResolvedValue(false);
    renderGate(user);
    fireEvent.click(screen.getByRole('button', { name: 'I have verified my e-mail' }));
    expect(await screen.findByText('Your e-mail is not verified yet. Open the link we sent you, then try again.')).toBeTruthy();
    // The link was followed in the mailbox: Firebase now reports the address verified.
    firebase.refresh.mockImplementation(async () => {
      user.emailVerified = true;
      return true;
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have verified my e-mail' }));
    expect(await screen.findByRole('heading', { name: 'Set up your workspace' })).toBeTruthy();
  });

  it('does not stop users whose provider vouches for the address (Google)', async () => {
    renderGate({ uid: 'google-user', email: 'someone@gmail.com', emailVerified: true, getIdTokenResult: async () => ({ claims: { email_verified: true } }), getIdToken: vi.fn() });
    expect(await screen.findByRole('heading', { name: 'Set up your workspace' })).toBeTruthy();
  });

  it('after the link was followed in another tab, fetches a token that says so before opening the app', async () => {
    // Firebase reloads the user on start (emailVerified true) but the stored token predates the verification.
    const getIdToken = vi.fn(async () => 'fresh.token');
    renderGate({ uid: 'verified-elsewhere', email: 'new@example.com', emailVerified: true, getIdTokenResult: async () => ({ claims: { email_verified: false } }), getIdToken });
    expect(await screen.findByRole('heading', { name: 'Set up your workspace' })).toBeTruthy();
    expect(getIdToken).toHaveBeenCalledWith(true);
  });
});
