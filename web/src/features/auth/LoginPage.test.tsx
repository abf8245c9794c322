import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import LoginPage from './LoginPage';

const signIn = vi.hoisted(() => vi.fn());
vi.mock('../../lib/auth-actions', () => ({ signInWithEmail: signIn, signInWithGoogle: vi.fn(), signUpWithEmail: vi.fn(), signOutUser: vi.fn(), warmUpSignIn: vi.fn() }));

describe('/login', () => {
  it('has the contract names: textbox Email, password Password, button Sign in, and a Google button', () => {
    renderWithProviders(<LoginPage />, { workspace: null });
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
  });

  it('asks for both fields, then signs in and goes to /app', async () => {
    signIn.mockResolvedValueOnce(undefined);
    renderWithProviders(<LoginPage />, { workspace: null, route: '/login' });
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
    renderWithProviders(<LoginPage />, { workspace: null });
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
