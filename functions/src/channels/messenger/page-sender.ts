// How the pipeline and Chats answer on Messenger and Instagram: the Send API with the page's token
// (metaPages/{pageId}/private/secrets); the endpoint is the page for both.
import { databaseFor } from '../../adapters/firestore';
import { GraphError } from '../meta/graph';
import { ChannelSendError, CHANNEL_GONE, type ChannelSender, type ChannelTarget } from '../pipeline';
import { chunkText } from '../whatsapp/whatsapp-sender';
import { readPage, readPageToken } from './pages';
import { lookupProfileName } from './profile';
import { OUTSIDE_WINDOW_SUBCODE, sendPageText, sendTyping } from './send-api';

/** Messenger's longest text message. */
export const MESSENGER_TEXT_MAX = 2000;

async function pageToken(target: ChannelTarget): Promise<string> {
  const db = databaseFor(target.region);
  const [page, token] = await Promise.all([readPage(db, target.endpointId), readPageToken(db, target.endpointId)]);
  if (!page || page.agentId !== target.agentId || !token) throw new ChannelSendError(CHANNEL_GONE);
  return token;
}

/** What the operator sees when even a person's reply is too late. */
export const MESSENGER_WINDOW_CLOSED = 'More than 7 days have passed since this person last wrote, so Meta does not allow a reply until they write again.';

const outsideWindow = (error: unknown): boolean => error instanceof GraphError && error.subcode === OUTSIDE_WINDOW_SUBCODE;

/** One chunk: a plain reply; a person's reply past the 24 hours goes again tagged HUMAN_AGENT (7 days). */
async function sendChunk(token: string, target: ChannelTarget, chunk: string): Promise<void> {
  try {
    await sendPageText(token, target.userId, chunk);
  } catch (error) {
    if (!target.byPerson || !outsideWindow(error)) throw error;
    await sendPageText(token, target.userId, chunk, true);
  }
}

export const pageSender: ChannelSender = {
  async sendText(target, text) {
    const token = await pageToken(target);
    for (const chunk of chunkText(text, MESSENGER_TEXT_MAX)) {
      try {
        await sendChunk(token, target, chunk);
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (error.status === 0 || error.status >= 500 || error.status === 429) throw error;
        throw new ChannelSendError(outsideWindow(error) && target.byPerson ? MESSENGER_WINDOW_CLOSED : error.message);
      }
    }
  },
  async typing(target) {
    await sendTyping(await pageToken(target), target.userId);
  },
  async displayName(target, channel) {
    if (channel !== 'messenger' && channel !== 'instagram') return null;
    const token = await readPageToken(databaseFor(target.region), target.endpointId).catch(() => null);
    return token ? lookupProfileName(channel, token, target.userId) : null;
  },
};
