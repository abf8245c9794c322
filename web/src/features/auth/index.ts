// Public surface of the auth feature.
export { createWorkspace } from './onboarding-api';
export { EmailVerificationGate } from './VerifyEmailScreen';
