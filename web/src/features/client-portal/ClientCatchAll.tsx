// Any other URL on an agency host: a signed-in client (or the agency owner through the admin link) goes to the
// dashboard's first allowed page, anyone else to the login at `/`.
import { Navigate } from 'react-router-dom';
import { FullPageLoader } from '../../ui/FullPageLoader';
import { rememberedClientHome } from './client-region';
import { usePortalUser } from './portal-user';

export function ClientCatchAll() {
  const user = usePortalUser();
  if (user.status === 'loading') return <FullPageLoader />;
  if (user.status !== 'portal') return <Navigate to="/" replace />;
  return <Navigate to={rememberedClientHome()} replace />;
}
