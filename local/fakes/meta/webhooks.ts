// Meta's webhooks: to the callback URL our app subscribed for the object (or a URL given), signed with the app
// secret as Meta signs them; WhatsApp status webhooks (sent, delivered, read, failed) follow a send.
import { metaJson, signatureHeaders, whatsappStatusPayload, type WhatsappStatus } from './payloads';
import type { MetaState } from './state';
import type { FakeNumber } from './world';

export async function deliver(state: MetaState, object: string, payload: unknown, secret = state.appSecret, url?: string): Promise<number> {
  const target = url ?? state.subscriptions.get(object)?.callbackUrl;
  if (!target) return 0;
  const body = metaJson(payload);
  let status = 0;
  try {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'facebookexternalua', ...signatureHeaders(secret, body) },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    status = res.status;
    await res.arrayBuffer();
  } catch {
    status = 0;
  }
  state.webhooks.push({ url: target, object, status, body: payload, ts: Date.now() });
  return status;
}

export function sendStatuses(state: MetaState, number: FakeNumber, wamid: string, recipient: string, statuses: WhatsappStatus[]): void {
  if (!state.statusCallbacks) return;
  void (async () => {
    for (const status of statuses) {
      await new Promise((r) => setTimeout(r, state.statusDelayMs));
      const message = [...state.threads.values()].flat().find((m) => m.messageId === wamid);
      if (message) message.status = status;
      await deliver(state, 'whatsapp_business_account', whatsappStatusPayload(number, wamid, recipient, status, Date.now()));
    }
  })();
}
