// Stripe Elements once Stripe.js has loaded: a loader while it loads, and when it cannot load (offline, a blocker,
// no publishable key) a sentence and Try again, instead of a payment form that silently never appears.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type ReactNode } from 'react';

export const STRIPE_LOAD_FAILED = 'The payment form could not be loaded. Check your connection and try again.';

type LoadState = { status: 'loading' } | { status: 'ready'; stripe: Stripe } | { status: 'failed' };

export function StripeElements({ load, children }: { load: () => Promise<Stripe | null>; children: ReactNode }) {
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    latestLoad.current().then(
      (stripe) => current && setState(stripe ? { status: 'ready', stripe } : { status: 'failed' }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  if (state.status === 'ready') return <Elements stripe={state.stripe}>{children}</Elements>;
  if (state.status === 'failed') {
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{STRIPE_LOAD_FAILED}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Group justify="center" p="lg" role="status" aria-label="Loading payment form">
      <Loader />
    </Group>
  );
}
