// The Facebook JS SDK stand-in and its login popup (local only): Facebook Login grants a short user token; Embedded
// Signup (with config_id) grants a code for the business token.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, send } from './http';
import { loginPopup, sdkScript } from './sdk';
import { newToken, type MetaState } from './state';
import { FAKE_NUMBERS, FAKE_USER, FAKE_WABA_ID } from './world';

/** Answers the SDK, the popup and its grant; false for any other path. */
export async function answerLogin(state: MetaState, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname === '/sdk.js' || url.pathname === '/en_US/sdk.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    res.end(sdkScript(state.origin));
    return true;
  }
  if (url.pathname === '/dialog/oauth' || /^\/v\d+\.\d+\/dialog\/oauth$/.test(url.pathname)) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(loginPopup({
      origin: state.origin,
      openerOrigin: url.searchParams.get('opener_origin') || '*',
      configId: url.searchParams.get('config_id'),
      numbers: FAKE_NUMBERS,
      userName: FAKE_USER.name,
    }));
    return true;
  }
  if (url.pathname === '/__popup/grant' && req.method === 'POST') {
    const input = (await readJson(req)) as { kind?: string; waba_id?: string };
    if (input.kind === 'code') {
      const code = newToken('AQ');
      state.codes.set(code, { wabaIds: [FAKE_WABA_ID] });
      send(res, 200, { code, userID: FAKE_USER.id });
    } else {
      const token = newToken('EAASHORT');
      state.tokens.set(token, { kind: 'user-short' });
      send(res, 200, { accessToken: token, expiresIn: 6000, userID: FAKE_USER.id });
    }
    return true;
  }
  return false;
}
