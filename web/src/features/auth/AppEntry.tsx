// /app: sends a signed-in user to their agents, or to onboarding when they have no workspace yet; a user whose
// e-mail is not verified yet sees the verify screen first.
import { DEFAULT_REGION, isRegion, routes } from '@parley/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSigninCheck } from 'reactfire';
import { LiveFirebase } from '../../lib/live-firebase';
import { readCurrentWorkspace } from '../../lib/workspace-data';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { useLiveOwnRecord } from './live-own-record';
import { EmailVerificationGate } from './VerifyEmailScreen';

export default function AppEntry() {
  return (
    <EmailVerificationGate>
      <LiveFirebase region={DEFAULT_REGION}>
        <AppEntryRedirect />
      </LiveFirebase>
    </EmailVerificationGate>
  );
}

function AppEntryRedirect() {
  const signin = useSigninCheck();
  const [params] = useSearchParams();
  const own = useLiveOwnRecord(signin.data?.user?.uid);
  if (signin.status === 'loading') return <FullPageLoader />;
  if (!signin.data.signedIn) return <Navigate to="/login" replace />;
  if (own.error) return <ErrorFallback onRetry={own.retry} />;
  if (own.data === undefined) return <FullPageLoader label="Opening your workspace…" />;
  if (!own.data) {
    const region = params.get('region');
    return <Navigate to={routes.onboarding(isRegion(region) ? region : undefined)} replace />;
  }
  const current = readCurrentWorkspace();
  return <Navigate to={routes.agents(current?.region ?? own.data.region)} replace />;
}
