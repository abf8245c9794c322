import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthActionsContext } from '../../lib/auth-actions';
import { renderWithProviders } from '../../test/render';
import LoginPage from './LoginPage';

// Firebase Auth stands behind these actions; the page's behaviour around them is what is tested.
const signIn = vi.fn<(email: string, password: string) => Promise<void>>();
const actions = { signInWithEmail: signIn, signInWithGoogle: vi.fn(async () => undefined), warmUpSignIn: vi.fn() };
beforeEach(() => signIn.mockReset());

function renderLogin(route?: string) {
  return renderWithProviders(
    <AuthActionsContext.Provider value={actions}>
      <LoginPage />
    </AuthActionsContext.Provider>,
    { workspace: null, route },
  );
}

describe('/login', () => {
  it('has the contract names: textbox Email, password Password, button Sign in, and a Google button', () => {
    renderLogin();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('asks for both fields, then signs in and goes to /app', async () => {
    signIn.mockResolvedValueOnce(undefined);
    renderLogin('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email and password.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'demo@parley.dev' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('/app')).toBeTruthy();
    expect(await screen.findByText('Signed in successfully')).toBeTruthy();
    expect(signIn).toHaveBeenCalledWith('demo@parley.dev', 'secret-pass');
  });

  it('shows why sign-in failed', async () => {
    signIn.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/user-not-found' }));
    renderLogin();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ghost@parley.dev' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText("This email doesn't exist")).toBeTruthy();
    signIn.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/wrong-password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is incorrect please try again')).toBeTruthy();
    signIn.mockRejectedValueOnce(new Error('network down'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('An error occurred during sign in/out')).toBeTruthy();
  });
});
