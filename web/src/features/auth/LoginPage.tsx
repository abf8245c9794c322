import { useNavigate, useSearchParams } from 'react-router-dom';
import { signInWithEmail } from '../../lib/auth-actions';
import { PublicLayout } from '../../ui/PublicLayout';
import { AuthForm } from './AuthForm';
import { safeNext } from './safe-next';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <PublicLayout>
      <AuthForm
        mode="login"
        submit={signInWithEmail}
        onSignedIn={() => navigate(safeNext(params.get('next')) ?? '/app', { replace: true })}
      />
    </PublicLayout>
  );
}
