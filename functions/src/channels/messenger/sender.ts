// How the pipeline and Chats answer on Messenger and Instagram: the Send API with the page's token
// (metaPages/{pageId}/private/secrets); the endpoint is the page for both.
import { databaseFor } from '../../adapters/firestore';
import { GraphError } from '../meta/graph';
import { ChannelSendError, CHANNEL_GONE, type ChannelSender, type ChannelTarget } from '../pipeline';
import { chunkText } from '../whatsapp/sender';
import { readPage, readPageToken } from './pages';
import { sendPageText, sendTyping } from './send-api';

/** Messenger's longest text message. */
export const MESSENGER_TEXT_MAX = 2000;

async function pageToken(target: ChannelTarget): Promise<string> {
  const db = databaseFor(target.region);
  const [page, token] = await Promise.all([readPage(db, target.endpointId), readPageToken(db, target.endpointId)]);
  if (!page || page.agentId !== target.agentId || !token) throw new ChannelSendError(CHANNEL_GONE);
  return token;
}

export const pageSender: ChannelSender = {
  async sendText(target, text) {
    const token = await pageToken(target);
    for (const chunk of chunkText(text, MESSENGER_TEXT_MAX)) {
      try {
        await sendPageText(token, target.userId, chunk);
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (error.status === 0 || error.status >= 500 || error.status === 429) throw error;
        throw new ChannelSendError(error.message);
      }
    }
  },
  async typing(target) {
    await sendTyping(await pageToken(target), target.userId);
  },
};
