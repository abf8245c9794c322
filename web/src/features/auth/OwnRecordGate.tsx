// What /app and /onboarding both need before they decide: the verify screen for an unverified e-mail, /login for
// nobody signed in, and then the signed-in user's own record, live (the record onboarding creates shows up by itself).
import { DEFAULT_REGION } from '@parley/core';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useSigninCheck } from 'reactfire';
import { LiveFirebase } from '../../lib/live-firebase';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { useLiveOwnRecord } from './live-own-record';
import { EmailVerificationGate } from './VerifyEmailScreen';

export type OwnRecord = ReturnType<typeof useLiveOwnRecord>;

/** Renders `children` with the signed-in, verified user's own record (undefined while it loads, null when none). */
export function OwnRecordGate({ children }: { children: (own: OwnRecord) => ReactNode }) {
  return (
    <EmailVerificationGate>
      <LiveFirebase region={DEFAULT_REGION}>
        <SignedIn>{children}</SignedIn>
      </LiveFirebase>
    </EmailVerificationGate>
  );
}

function SignedIn({ children }: { children: (own: OwnRecord) => ReactNode }) {
  const signin = useSigninCheck();
  const own = useLiveOwnRecord(signin.data?.user?.uid);
  if (signin.status === 'loading') return <FullPageLoader />;
  if (!signin.data.signedIn) return <Navigate to="/login" replace />;
  return children(own);
}
