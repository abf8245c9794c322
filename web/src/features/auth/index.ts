// Public surface of the auth feature.
export { useOwnRecord } from './use-own-record';
export { createWorkspace } from './onboarding-api';
export { EmailVerificationGate } from './VerifyEmailScreen';
