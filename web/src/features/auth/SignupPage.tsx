import { useNavigate, useSearchParams } from 'react-router-dom';
import { signUpWithEmail } from '../../lib/auth-actions';
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
        submit={signUpWithEmail}
        // /app decides: onboarded users go to their agents, new users to /onboarding.
        onSignedIn={() => navigate(region ? `/app?region=${region}` : '/app', { replace: true })}
      />
    </PublicLayout>
  );
}
