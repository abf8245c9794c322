// Effects for every page: keep referral attribution from the landing URL.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { captureAttribution } from '../lib/attribution';

export function PublicEffects() {
  const { search } = useLocation();
  useEffect(() => captureAttribution(search), [search]);
  return <Outlet />;
}
