// Our app's webhook subscriptions (/{app-id}/subscriptions with the app token): like Meta, a callback URL is saved
// only after the hub.challenge handshake succeeds.
import { fieldList, PASS, requireToken, type GraphCall } from './graph-call';
import { GraphFailure, handshake } from './state';

export async function appSubscriptionRoutes({ state: { appId, subscriptions }, method, first, second, query, body, auth }: GraphCall): Promise<unknown> {
  if (first !== appId || second !== 'subscriptions') return PASS;
  requireToken(auth, 'app');
  if (method === 'GET') {
    return { data: [...subscriptions.values()].map((s) => ({ object: s.object, callback_url: s.callbackUrl, active: true, fields: s.fields.map((name) => ({ name, version: 'v18.0' })) })) };
  }
  if (method === 'POST') {
    const object = String(body.object ?? query.get('object') ?? '');
    const callbackUrl = String(body.callback_url ?? query.get('callback_url') ?? '');
    const verifyToken = String(body.verify_token ?? query.get('verify_token') ?? '');
    const fields = fieldList(body.fields ?? query.get('fields'));
    if (!['whatsapp_business_account', 'page', 'instagram', 'user'].includes(object)) throw new GraphFailure(400, '(#100) Invalid object', 100);
    // Meta verifies the callback before saving it: GET with hub.mode, hub.challenge, hub.verify_token.
    if (!(await handshake(callbackUrl, verifyToken)).verified) throw new GraphFailure(400, `(#2200) Callback verification failed with the following errors: HTTP Status Code = 403; HTTP Message = Forbidden`, 2200);
    subscriptions.set(object, { object, callbackUrl, verifyToken, fields });
    return { success: true };
  }
  if (method === 'DELETE') {
    subscriptions.delete(String(query.get('object') ?? body.object ?? ''));
    return { success: true };
  }
  return PASS;
}
