// The user and their pages: GET /me, /me/accounts (pages with their tokens), a page, a page's subscribed_apps, and
// the Messenger/Instagram profiles of simulated users (with their page's token only).
import { fieldList, PASS, requireToken, type GraphCall } from './graph-call';
import { profileView } from './profiles';
import { GraphFailure, newToken, type MetaState, type Token } from './state';
import { FAKE_PAGES, FAKE_USER, type FakePage } from './world';

function pageView({ tokens }: MetaState, p: FakePage, withToken: boolean): Record<string, unknown> {
  let pageToken: string | undefined;
  if (withToken) {
    pageToken = [...tokens.entries()].find(([, t]) => t.kind === 'page' && t.pageId === p.id)?.[0];
    if (!pageToken) {
      pageToken = newToken('EAAPAGE');
      tokens.set(pageToken, { kind: 'page', pageId: p.id });
    }
  }
  return {
    id: p.id,
    name: p.name,
    category: 'Software',
    ...(pageToken ? { access_token: pageToken } : {}),
    picture: { data: { url: p.pictureUrl, is_silhouette: false, height: 50, width: 50 } },
    ...(p.instagram ? { instagram_business_account: { id: p.instagram.id, username: p.instagram.username, name: p.instagram.name } } : {}),
    tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
  };
}

export function userRoutes({ state, method, first, second, auth }: GraphCall): unknown {
  if (first === 'me' && !second && method === 'GET') {
    requireToken(auth, 'user-short', 'user-long', 'business');
    return { id: FAKE_USER.id, name: FAKE_USER.name };
  }
  if (first === 'me' && second === 'accounts' && method === 'GET') {
    requireToken(auth, 'user-short', 'user-long');
    return { data: FAKE_PAGES.map((p) => pageView(state, p, true)), paging: { cursors: { before: 'QVFI', after: 'QVFJ' } } };
  }
  return PASS;
}

export function profileRoutes({ state, method, first, second, query, auth }: GraphCall): unknown {
  const profile = first && !second && method === 'GET' ? state.profiles.get(first) : undefined;
  if (!profile) return PASS;
  const token = requireToken(auth, 'page') as Extract<Token, { kind: 'page' }>;
  if (token.pageId !== profile.pageId || profile.refused) {
    throw new GraphFailure(400, `Unsupported get request. Object with ID '${first}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 100, 'GraphMethodException', 33);
  }
  return profileView(first!, profile, fieldList(query.get('fields')));
}

export function pageRoutes({ state, method, first, second, query, body, auth }: GraphCall): unknown {
  const page = FAKE_PAGES.find((p) => p.id === first);
  if (page && second === 'subscribed_apps') {
    const token = requireToken(auth, 'page') as Extract<Token, { kind: 'page' }>;
    if (token.pageId !== page.id) throw new GraphFailure(400, '(#210) A page access token is required to request this resource.', 210);
    if (method === 'GET') {
      const fields = state.pageSubscriptions.get(page.id);
      return { data: fields ? [{ category: 'Business', link: 'https://parley.local/', name: 'Parley', id: state.appId, subscribed_fields: fields }] : [] };
    }
    if (method === 'POST') {
      const fields = fieldList(body.subscribed_fields ?? query.get('subscribed_fields'));
      if (fields.length === 0) throw new GraphFailure(400, '(#100) The parameter subscribed_fields is required.', 100);
      state.pageSubscriptions.set(page.id, fields);
      return { success: true };
    }
    if (method === 'DELETE') {
      state.pageSubscriptions.delete(page.id);
      return { success: true };
    }
  }
  if (page && !second && method === 'GET') {
    requireToken(auth, 'page', 'user-long', 'user-short');
    return pageView(state, page, false);
  }
  return PASS;
}
