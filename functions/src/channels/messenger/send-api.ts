// The Messenger Platform's Send API (Messenger and Instagram DMs, with the page's token) and the page
// subscription calls, through the one Graph client.
import { graphRequest } from '../meta/graph';

export const PAGE_FIELDS = 'messages,messaging_postbacks';

/** Meta's refusal of a send outside the window the message type allows (code 10). */
export const OUTSIDE_WINDOW_SUBCODE = 2018278;

/**
 * A reply (RESPONSE: within 24 hours of the user's last message), or with `humanAgent` a person's reply tagged
 * HUMAN_AGENT, which Meta allows for 7 days.
 */
export async function sendPageText(pageToken: string, recipientId: string, text: string, humanAgent = false): Promise<string> {
  const type = humanAgent ? { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' } : { messaging_type: 'RESPONSE' };
  const res = await graphRequest<{ message_id?: string }>({
    method: 'POST',
    path: ['me', 'messages'],
    token: pageToken,
    body: { recipient: { id: recipientId }, ...type, message: { text } },
  });
  return res.message_id ?? '';
}

export async function sendTyping(pageToken: string, recipientId: string): Promise<void> {
  await graphRequest({ method: 'POST', path: ['me', 'messages'], token: pageToken, body: { recipient: { id: recipientId }, sender_action: 'typing_on' } });
}

export async function subscribePage(pageToken: string, pageId: string): Promise<void> {
  await graphRequest({ method: 'POST', path: [pageId, 'subscribed_apps'], token: pageToken, query: { subscribed_fields: PAGE_FIELDS } });
}

export async function unsubscribePage(pageToken: string, pageId: string): Promise<void> {
  await graphRequest({ method: 'DELETE', path: [pageId, 'subscribed_apps'], token: pageToken });
}

/** Whether our app is among the page's subscribed apps. */
export async function pageSubscribed(pageToken: string, pageId: string, appId: string): Promise<boolean> {
  const res = await graphRequest<{ data?: Array<{ id?: string }> }>({ path: [pageId, 'subscribed_apps'], token: pageToken });
  return (res.data ?? []).some((app) => app.id === appId);
}

export interface AccountPage {
  id: string;
  name?: string;
  access_token?: string;
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id?: string; username?: string; name?: string };
}

/** The pages the user manages, with each page's token (never sent to the browser). */
export async function accountPages(userToken: string): Promise<AccountPage[]> {
  const res = await graphRequest<{ data?: AccountPage[] }>({
    path: ['me', 'accounts'],
    token: userToken,
    query: { fields: 'id,name,access_token,picture{url},instagram_business_account{id,username,name}', limit: '100' },
  });
  return (res.data ?? []).filter((p) => typeof p.id === 'string');
}
