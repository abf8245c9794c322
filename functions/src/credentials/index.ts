// Credentials feature: the workspace's secrets for its owner (listed masked, revealed to copy, the workspace secret
// regenerated) and its own OpenAI-compatible provider.
import { getCredentialsCallable } from './get-credentials';
import { regenerateWorkspaceSecretCallable } from './regenerate-workspace-secret';
import { revealSecretCallable } from './reveal-secret';
import { saveProviderKeyCallable } from './save-provider-key';
import type { CredentialsDeps } from './store';

export { PROVIDER_FIELDS, type CredentialsDeps } from './store';
export { OWN_PROVIDER_CACHE_MS, ownProviders, safeModelFetch, type OwnProvider } from './own-provider';

export const credentialsCallables = (deps: CredentialsDeps) => ({
  getCredentials: getCredentialsCallable(deps),
  revealSecret: revealSecretCallable(deps),
  regenerateWorkspaceSecret: regenerateWorkspaceSecretCallable(deps),
  saveProviderKey: saveProviderKeyCallable(deps),
});
