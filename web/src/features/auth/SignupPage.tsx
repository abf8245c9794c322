import { createUserWithEmailAndPassword } from 'firebase/auth';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { firebaseAuth } from '../../lib/firebase';
import { PublicLayout } from '../../ui/PublicLayout';
import { AuthForm } from './AuthForm';

export default function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const region = params.get('region') === 'eu' ? 'eu' : params.get('region') === 'na' ? 'na' : null;
  return (
    <PublicLayout>
      <AuthForm
        mode="signup"
        submit={async (email, password) => {
          await createUserWithEmailAndPassword(firebaseAuth(), email, password);
        }}
        // /app decides: onboarded users go to their agents, new users to /onboarding.
        onSignedIn={() => navigate(region ? `/app?region=${region}` : '/app', { replace: true })}
      />
    </PublicLayout>
  );
}
