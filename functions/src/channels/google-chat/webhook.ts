// POST /agents/{agentId}/gc-webhook: Google Business Messages was discontinued, so the webhook answers 410 Gone
// with a sentence saying so (Google stops retrying on 4xx); nothing is read or stored.
import { channelsApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../../http/endpoint';

export const googleChatWebhookEndpoint = defineEndpoint(channelsApi.googleChatWebhook, async () => {
  throw new HttpError(410, channelsApi.CHANNEL_TEXTS.googleChatDiscontinued);
});
