import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthActions } from '../../lib/auth-actions';
import { PublicLayout } from '../../ui/PublicLayout';
import { AuthForm } from './AuthForm';
import { safeNext } from './safe-next';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signInWithEmail } = useAuthActions();
  return (
    <PublicLayout>
      <AuthForm
        mode="login"
        submit={signInWithEmail}
        onSignedIn={() => {
          notifications.show({ color: 'green', message: 'Signed in successfully', autoClose: 2000 });
          navigate(safeNext(params.get('next')) ?? '/app', { replace: true });
        }}
      />
    </PublicLayout>
  );
}
