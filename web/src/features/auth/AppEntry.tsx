// /app: sends a signed-in user to their agents, or to onboarding when they have no workspace yet; a user whose
// e-mail is not verified yet sees the verify screen first.
import { isRegion, routes } from '@parley/core';
import { Navigate, useSearchParams } from 'react-router-dom';
import { readCurrentWorkspace } from '../../lib/workspace-data';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { ErrorFallback } from '../../ui/ErrorFallback';
import { OwnRecordGate, type OwnRecord } from './OwnRecordGate';

export default function AppEntry() {
  return <OwnRecordGate>{(own) => <AppEntryRedirect own={own} />}</OwnRecordGate>;
}

function AppEntryRedirect({ own }: { own: OwnRecord }) {
  const [params] = useSearchParams();
  if (own.error) return <ErrorFallback onRetry={own.retry} />;
  if (own.data === undefined) return <FullPageLoader label="Opening your workspace…" />;
  if (!own.data) {
    const region = params.get('region');
    return <Navigate to={routes.onboarding(isRegion(region) ? region : undefined)} replace />;
  }
  const current = readCurrentWorkspace();
  return <Navigate to={routes.agents(current?.region ?? own.data.region)} replace />;
}
