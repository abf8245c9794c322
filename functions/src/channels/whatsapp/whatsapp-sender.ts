// How the pipeline and Chats answer on WhatsApp: text from the connected number (Embedded Signup: waNumbers/{phoneId}
// and its token; Legacy Method: the agent's own number id and token). Free-form text only reaches a customer who
// wrote in the last 24 hours: outside that window the spec's "You must initiate the conversation with this number
// before sending a message." is raised for the operator instead of a silent failure.
import { channelsApi, paths, type Region } from '@parley/core';
import { databaseFor } from '../../adapters/firestore';
import { GraphError } from '../meta/graph';
import { ChannelSendError, CHANNEL_GONE, type ChannelSender, type ChannelTarget } from '../pipeline';
import { REENGAGEMENT_ERROR_CODE, sendWhatsappText } from './cloud-api';
import { legacyAgentOf, readNumber, readNumberSecrets, recordOutbound, windowOpen } from './numbers';

/** WhatsApp's longest text body. */
export const WHATSAPP_TEXT_MAX = 4096;

export interface WhatsappLine {
  phoneId: string;
  token: string;
}

/** The number and token an endpoint sends with, or null when it is no longer connected. */
export async function whatsappLine(region: Region, agentId: string, endpointId: string): Promise<WhatsappLine | null> {
  const db = databaseFor(region);
  const legacyAgent = legacyAgentOf(endpointId);
  if (legacyAgent) {
    if (legacyAgent !== agentId) return null;
    const [agent, secrets] = await Promise.all([db.doc(paths.agent(agentId)).get(), db.doc(paths.agentSecrets(agentId)).get()]);
    const phoneId = channelsApi.metaIdSchema.safeParse(agent.get('whatsappNumberId'));
    const token = secrets.get('whatsappToken');
    return phoneId.success && typeof token === 'string' && token ? { phoneId: phoneId.data, token } : null;
  }
  const [number, secrets] = await Promise.all([readNumber(db, endpointId), readNumberSecrets(db, endpointId)]);
  if (!number || number.agentId !== agentId || !secrets) return null;
  return { phoneId: number.phoneId, token: secrets.longAccessToken };
}

export function chunkText(text: string, max: number): string[] {
  const chunks: string[] = [];
  for (let rest = text; rest.length > 0; rest = rest.slice(max)) chunks.push(rest.slice(0, max));
  return chunks.length ? chunks : [''];
}

export const whatsappSender: ChannelSender = {
  async sendText(target: ChannelTarget, text: string): Promise<void> {
    const line = await whatsappLine(target.region, target.agentId, target.endpointId);
    if (!line) throw new ChannelSendError(CHANNEL_GONE);
    const db = databaseFor(target.region);
    if (!(await windowOpen(db, target.endpointId, target.userId))) throw new ChannelSendError(channelsApi.META_TEXTS.waInitiate);
    for (const chunk of chunkText(text, WHATSAPP_TEXT_MAX)) {
      try {
        const wamid = await sendWhatsappText(line.token, line.phoneId, target.userId, chunk);
        if (wamid) await recordOutbound(db, target.endpointId, target.userId, wamid, Date.now());
      } catch (error) {
        if (!(error instanceof GraphError)) throw error;
        if (error.code === REENGAGEMENT_ERROR_CODE) throw new ChannelSendError(channelsApi.META_TEXTS.waInitiate);
        // Meta's own trouble (5xx, unreachable) is worth a retry; a refusal is not.
        if (error.status === 0 || error.status >= 500 || error.status === 429) throw error;
        throw new ChannelSendError(channelsApi.META_TEXTS.waSendFailed(error.message));
      }
    }
  },
};
