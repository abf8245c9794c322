// WhatsApp: Embedded Signup (code → token, numbers, connect, remove), the test message, templates, the Legacy
// Method (its webhook, handshake and Run Test), and the sender the pipeline and Chats answer with.
import type { ConnectionLister } from '../settings/list-connections';
import { whatsappLegacyWebhookEndpoint, whatsappLegacyWebhookVerifyEndpoint } from './legacy';
import { numbersOfAgents } from './numbers';
import type { InboundDeps } from '../pipeline';

export { whatsappSender } from './whatsapp-sender';
export const whatsappConnections: ConnectionLister = async (db, agentIds) =>
  (await numbersOfAgents(db, agentIds)).map((n) => ({ channel: 'whatsapp' as const, id: n.phoneId, agentId: n.agentId, label: n.phoneNumber || n.phoneId }));

export { getLongAccessTokenCallable, getDetailsOfWhatsappNumberCallable } from './signup';
export { connectWhatsappNumberCallable } from './connect-number';
export { getWhatsappNumbersCallable, removeWhatsappNumberCallable } from './manage-numbers';
export { sendWhatsappTestMessageCallable } from './test-message';
export { createWhatsappTemplateCallable } from './template';
export { runWhatsappLegacyTestCallable, startWhatsappLegacySetupCallable } from './legacy';
export const whatsappEndpoints = (deps: InboundDeps) => [whatsappLegacyWebhookVerifyEndpoint, whatsappLegacyWebhookEndpoint(deps)];
