// Credentials feature: the workspace's secrets for its owner (listed masked, revealed to copy, the workspace secret
// regenerated), its own OpenAI-compatible provider and its own voice provider key.
import { getCredentialsCallable } from './get-credentials';
import { regenerateWorkspaceSecretCallable } from './regenerate-workspace-secret';
import { revealSecretCallable } from './reveal-secret';
import { saveProviderKeyCallable } from './save-provider-key';
import { saveVoiceKeyCallable, type VoiceKeyDeps } from './save-voice-key';

export { PROVIDER_FIELDS, type CredentialsDeps } from './secret-records';
export { OWN_VOICE_KEY_CACHE_MS, ownVoiceKeys, type OwnVoiceKeys } from './own-voice-key';
export type { VoiceKeyDeps } from './save-voice-key';
export { OWN_PROVIDER_CACHE_MS, ownProviders, safeModelFetch, type OwnProvider } from './own-provider';

export const credentialsCallables = (deps: VoiceKeyDeps) => ({
  getCredentials: getCredentialsCallable(deps),
  revealSecret: revealSecretCallable(deps),
  regenerateWorkspaceSecret: regenerateWorkspaceSecretCallable(deps),
  saveProviderKey: saveProviderKeyCallable(deps),
  saveVoiceKey: saveVoiceKeyCallable(deps),
});
