// Email/password form shared by /login and /signup, with the Google button.
import { Alert, Anchor, Button, Divider, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAuthActions } from '../../lib/auth-actions';
import { Link } from 'react-router-dom';
import { GoogleButton } from './GoogleButton';
import { authErrorMessage } from './auth-errors';

export interface AuthFormProps {
  mode: 'login' | 'signup';
  submit(email: string, password: string): Promise<void>;
  onSignedIn(): void;
}

export function AuthForm({ mode, submit, onSignedIn }: AuthFormProps) {
  const { warmUpSignIn } = useAuthActions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isLogin = mode === 'login';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Please enter your email and password.');
      return;
    }
    setBusy(true);
    try {
      await submit(email.trim(), password);
      onSignedIn();
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={420} mx="auto" my={48}>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {isLogin ? 'Log in to Parley' : 'Create your Parley account'}
          </Title>
          <Text c="dimmed" size="sm">
            {isLogin ? 'Welcome back. Sign in to manage your agents.' : 'Build your first AI agent in minutes. No card needed.'}
          </Text>
        </div>
        <GoogleButton onSignedIn={onSignedIn} onError={setError} />
        <Divider label="or with email" labelPosition="center" />
        <form onSubmit={onSubmit} onFocus={warmUpSignIn} noValidate aria-label={isLogin ? 'Sign in' : 'Sign up'}>
          <Stack gap="sm">
            <TextInput label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            {/* A plain password input: a visibility toggle would add a second control matching the label "Password". */}
            <TextInput
              type="password"
              label="Password"
              autoComplete={isLogin ? 'current-password' : 'new-password'}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {error && (
              <Alert color="red" role="alert" title={isLogin ? 'Could not sign in' : 'Could not sign up'}>
                {error}
              </Alert>
            )}
            <Button type="submit" loading={busy} fullWidth>
              {isLogin ? 'Sign in' : 'Sign up'}
            </Button>
          </Stack>
        </form>
        <Text size="sm" ta="center">
          {isLogin ? (
            <>
              New to Parley? <Anchor component={Link} to="/signup">Create an account</Anchor>
            </>
          ) : (
            <>
              Already have an account? <Anchor component={Link} to="/login">Log in</Anchor>
            </>
          )}
        </Text>
      </Stack>
    </Paper>
  );
}
