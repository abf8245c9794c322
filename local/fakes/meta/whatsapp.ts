// The WhatsApp Cloud API: a WABA's numbers, subscribed_apps and message templates; a number's register,
// deregister and messages (free-form text needs the customer's message in the last 24 hours, else a failed status).
import { randomBytes } from 'node:crypto';
import { PASS, requireToken, type GraphCall } from './graph-call';
import { DAY_MS, GraphFailure, newId, type Token } from './state';
import { sendStatuses } from './webhooks';
import { digits, FAKE_LEGACY, FAKE_WABA_ID } from './world';

const mayUseWaba = (token: Token, wabaId: string): boolean =>
  (token.kind === 'business' && token.wabaIds.includes(wabaId)) || (token.kind === 'legacy' && wabaId === FAKE_LEGACY.wabaId);

export function wabaRoutes({ state, method, first, second, body, auth }: GraphCall): unknown {
  const wabaId = [FAKE_WABA_ID, FAKE_LEGACY.wabaId].find((w) => w === first);
  if (!wabaId) return PASS;
  const { registered, wabaSubscriptions, templates } = state;
  const token = requireToken(auth, 'business', 'legacy');
  if (!mayUseWaba(token, wabaId)) throw new GraphFailure(403, '(#200) You do not have permission to access this WhatsApp Business Account.', 200);
  if (second === 'phone_numbers' && method === 'GET') {
    return {
      data: state.allNumbers.filter((n) => n.wabaId === wabaId).map((n) => ({
        verified_name: n.verified_name, code_verification_status: 'VERIFIED', display_phone_number: n.display_phone_number,
        quality_rating: 'GREEN', platform_type: registered.has(n.id) ? 'CLOUD_API' : 'NOT_APPLICABLE',
        throughput: { level: 'STANDARD' }, status: n.status, id: n.id,
      })),
      paging: { cursors: { before: 'QVFI', after: 'QVFJ' } },
    };
  }
  if (second === 'subscribed_apps') {
    if (method === 'POST') wabaSubscriptions.add(wabaId);
    if (method === 'DELETE') wabaSubscriptions.delete(wabaId);
    if (method === 'GET') return { data: wabaSubscriptions.has(wabaId) ? [{ whatsapp_business_api_data: { id: state.appId, link: 'https://parley.local/', name: 'Parley' } }] : [] };
    return { success: true };
  }
  if (second === 'message_templates' && method === 'POST') {
    const name = String(body.name ?? '');
    const language = String(body.language ?? '');
    const category = String(body.category ?? '');
    const components = Array.isArray(body.components) ? (body.components as Array<{ type?: string; text?: string }>) : [];
    if (!/^[a-z0-9_]{1,512}$/.test(name)) throw new GraphFailure(400, '(#100) Invalid parameter', 100, 'OAuthException', 2388042);
    if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(category)) throw new GraphFailure(400, '(#100) Param category must be one of {UTILITY, MARKETING, AUTHENTICATION}', 100);
    if (!components.some((c) => c.type === 'BODY' && c.text)) throw new GraphFailure(400, '(#100) Param components must contain a BODY component', 100);
    const key = `${wabaId}/${name}/${language}`;
    if (templates.has(key)) throw new GraphFailure(400, 'Message template already exists', 100, 'OAuthException', 2388024);
    const template = { id: newId(), name, language, category, status: 'PENDING' };
    templates.set(key, template);
    return { id: template.id, status: template.status, category };
  }
  if (second === 'message_templates' && method === 'GET') {
    return { data: [...templates.entries()].filter(([k]) => k.startsWith(`${wabaId}/`)).map(([, t]) => t) };
  }
  return PASS;
}

export function phoneNumberRoutes({ state, method, first, second, body, auth }: GraphCall): unknown {
  const number = first ? state.allNumbers.find((n) => n.id === first) : undefined;
  if (!number) return PASS;
  const { registered, lastInbound, threadKey } = state;
  const token = requireToken(auth, 'business', 'legacy');
  if (!mayUseWaba(token, number.wabaId)) throw new GraphFailure(403, '(#200) You do not have permission to access this phone number.', 200);
  if (second === 'register' && method === 'POST') {
    if (body.messaging_product !== 'whatsapp') throw new GraphFailure(400, '(#100) The parameter messaging_product is required.', 100);
    if (!/^[0-9]{6}$/.test(String(body.pin ?? ''))) throw new GraphFailure(400, '(#100) Param pin must be 6 digits', 100);
    registered.set(number.id, String(body.pin));
    return { success: true };
  }
  if (second === 'deregister' && method === 'POST') {
    registered.delete(number.id);
    return { success: true };
  }
  if (second === 'messages' && method === 'POST') {
    if (body.messaging_product !== 'whatsapp') throw new GraphFailure(400, '(#100) The parameter messaging_product is required.', 100);
    if (token.kind === 'business' && !registered.has(number.id)) throw new GraphFailure(400, '(#133010) Account not registered', 133010);
    const to = digits(String(body.to ?? ''));
    if (!to) throw new GraphFailure(400, '(#100) The parameter to is required.', 100);
    const type = String(body.type ?? 'text');
    const text = type === 'text' ? (body.text as { body?: string } | undefined)?.body : `[template ${(body.template as { name?: string } | undefined)?.name ?? ''}]`;
    if (type === 'text' && (typeof text !== 'string' || !text)) throw new GraphFailure(400, '(#100) The parameter text[\'body\'] is required.', 100);
    const wamid = `wamid.${randomBytes(18).toString('base64url')}`;
    const endpointId = `wa:${number.id}`;
    state.threadOf(endpointId, to).push({ from: 'agent', text: text ?? '', at: Date.now(), messageId: wamid });
    // Free-form text needs the customer's message in the last 24 hours; Meta accepts the send and reports the
    // failure in a status webhook (templates may start a conversation).
    const open = (lastInbound.get(threadKey(endpointId, to)) ?? 0) > Date.now() - DAY_MS;
    sendStatuses(state, number, wamid, to, type === 'text' && !open ? ['failed'] : ['sent', 'delivered']);
    return { messaging_product: 'whatsapp', contacts: [{ input: String(body.to), wa_id: to }], messages: [{ id: wamid }] };
  }
  if (!second && method === 'GET') {
    return { verified_name: number.verified_name, display_phone_number: number.display_phone_number, id: number.id, quality_rating: 'GREEN', status: number.status };
  }
  return PASS;
}
