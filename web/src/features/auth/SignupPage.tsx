import { useNavigate, useSearchParams } from 'react-router-dom';
import { signUpWithEmail } from '../../lib/auth-actions';
import { PublicLayout } from '../../ui/PublicLayout';
import { AuthForm } from './AuthForm';
import { sendVerificationEmail } from './email-verification';

/** A new account gets Firebase's verification e-mail at once; the verify screen can send it again. */
async function signUp(email: string, password: string): Promise<void> {
  await signUpWithEmail(email, password);
  await sendVerificationEmail().catch(() => undefined);
}

export default function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const region = params.get('region') === 'eu' ? 'eu' : params.get('region') === 'na' ? 'na' : null;
  return (
    <PublicLayout>
      <AuthForm
        mode="signup"
        submit={signUp}
        // /app decides: unverified users see the verify screen, onboarded users go to their agents, new users to /onboarding.
        onSignedIn={() => navigate(region ? `/app?region=${region}` : '/app', { replace: true })}
      />
    </PublicLayout>
  );
}
