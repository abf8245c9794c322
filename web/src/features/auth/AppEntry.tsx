// /app: sends a signed-in user to their agents, or to onboarding when they have no workspace yet; a user whose
// e-mail is not verified yet sees the verify screen first.
import { isRegion, routes } from '@parley/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { readCurrentWorkspace } from '../../lib/workspace-data';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { useOwnRecord } from './use-own-record';
import { EmailVerificationGate } from './VerifyEmailScreen';

export default function AppEntry() {
  return (
    <EmailVerificationGate>
      <AppEntryRedirect />
    </EmailVerificationGate>
  );
}

function AppEntryRedirect() {
  const session = useSession();
  const [params] = useSearchParams();
  const own = useOwnRecord();
  if (session.status === 'loading') return <FullPageLoader />;
  if (session.status === 'signed-out') return <Navigate to="/login" replace />;
  if (own.isError) return <ErrorFallback onRetry={() => void own.refetch()} />;
  if (own.isPending) return <FullPageLoader label="Opening your workspace…" />;
  if (!own.data) {
    const region = params.get('region');
    return <Navigate to={routes.onboarding(isRegion(region) ? region : undefined)} replace />;
  }
  const current = readCurrentWorkspace();
  return <Navigate to={routes.agents(current?.region ?? own.data.region)} replace />;
}
