// Meta's shared pieces: the settings (one Graph version, app id and secret, Embedded Signup configuration id),
// the one Graph client, webhook signatures, our app webhook (GET handshake, POST events for WhatsApp, Messenger
// and Instagram) and the browser's Meta configuration.
import { metaWebhookEndpoint, metaWebhookVerifyEndpoint } from './webhook';
import type { InboundDeps } from '../pipeline';

export { META_SECRETS } from './settings';
export { getMetaClientConfigCallable } from './client-config';
export const metaEndpoints = (deps: InboundDeps) => [metaWebhookVerifyEndpoint, metaWebhookEndpoint(deps)];
