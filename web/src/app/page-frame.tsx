// Every route renders inside an error boundary and a suspense boundary for its lazy chunk.
import { Suspense, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import { parleyConfig } from '../lib/config';
import { FullPageLoader } from '../ui/FullPageLoader';
import { RetryCountContext, RouteBoundary } from '../ui/RouteBoundary';
import { usePage, type LazyPage } from './lazy-page';

// Test hook (local stack only, i.e. when emulators are configured): `?__throw=1` makes the page throw
// until Try again is pressed, so browser tests can see the fallback and recover.
function ThrowProbe() {
  const { search } = useLocation();
  const retries = useContext(RetryCountContext);
  if (retries === 0 && parleyConfig().emulators && new URLSearchParams(search).get('__throw') === '1') {
    throw new Error('Test render error requested with ?__throw=1');
  }
  return null;
}

export function PageFrame({ load }: { load: LazyPage }) {
  const location = useLocation();
  const Page = usePage(load);
  return (
    <RouteBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullPageLoader />}>
        <ThrowProbe />
        <Page />
      </Suspense>
    </RouteBoundary>
  );
}
