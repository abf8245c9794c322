import { signInWithEmailAndPassword } from 'firebase/auth';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { firebaseAuth } from '../../lib/firebase';
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
        submit={async (email, password) => {
          await signInWithEmailAndPassword(firebaseAuth(), email, password);
        }}
        onSignedIn={() => navigate(safeNext(params.get('next')) ?? '/app', { replace: true })}
      />
    </PublicLayout>
  );
}
