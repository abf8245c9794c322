// Access tokens: who a request's bearer is, and the exchanges (a short user token for a long one; an Embedded
// Signup code, once, for a business token), and debug_token.
import type { IncomingMessage } from 'node:http';
import { PASS, type GraphCall } from './graph-call';
import { GraphFailure, newToken, type MetaState, type Token } from './state';

/** The request's token (Authorization: Bearer, or access_token) and what it is; the app token is `app-id|secret`. */
export function bearer({ appId, appSecret, tokens }: MetaState, req: IncomingMessage, query: URLSearchParams): { token: string; info: Token } | null {
  const header = req.headers.authorization;
  const token = (header?.startsWith('Bearer ') ? header.slice(7).trim() : null) ?? query.get('access_token');
  if (!token) return null;
  if (token === `${appId}|${appSecret}`) return { token, info: { kind: 'app' } };
  const info = tokens.get(token);
  return info ? { token, info } : null;
}

export function tokenRoutes({ state: { appId, appSecret, tokens, codes }, method, first, second, query }: GraphCall): unknown {
  if (first === 'oauth' && second === 'access_token' && method === 'GET') {
    if (query.get('client_id') !== appId || query.get('client_secret') !== appSecret) throw new GraphFailure(400, 'Error validating client secret.', 1);
    if (query.get('grant_type') === 'fb_exchange_token') {
      const short = query.get('fb_exchange_token') ?? '';
      if (tokens.get(short)?.kind !== 'user-short' && tokens.get(short)?.kind !== 'user-long') throw new GraphFailure(400, 'Invalid OAuth access token - Cannot parse access token', 190);
      const long = newToken('EAALONG');
      tokens.set(long, { kind: 'user-long' });
      return { access_token: long, token_type: 'bearer', expires_in: 5183944 };
    }
    const code = query.get('code');
    if (code) {
      const granted = codes.get(code);
      if (!granted) throw new GraphFailure(400, 'This authorization code has been used.', 100, 'OAuthException', 36009);
      codes.delete(code);
      const token = newToken('EAABIZ');
      tokens.set(token, { kind: 'business', wabaIds: granted.wabaIds });
      return { access_token: token, token_type: 'bearer' };
    }
    throw new GraphFailure(400, 'Missing grant_type or code.', 100);
  }
  if (first === 'debug_token' && method === 'GET') {
    const info = tokens.get(query.get('input_token') ?? '');
    return { data: { app_id: appId, is_valid: Boolean(info), type: info?.kind === 'page' ? 'PAGE' : 'USER', scopes: ['pages_messaging', 'whatsapp_business_messaging'] } };
  }
  return PASS;
}
