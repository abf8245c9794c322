// Connect: connected accounts (made by the platform only) and their onboarding links; finishing onboarding
// (GET /connect/onboard/{acct}) enables charges and payouts and sends account.updated to Connect endpoints.
import { invalid } from './errors';
import { metadataOf, obj, str } from './params';
import { route, type Fake, type Route } from './routes';
import { newId, now, type Obj } from './store';

export function connectAccountRoutes(fake: Fake): Route[] {
  const { store: { put, get } } = fake;
  return [
    route('POST', '/v1/accounts', (_m, p, a) => {
      if (a) throw invalid('Connected accounts cannot create accounts.');
      return put({
        id: newId('account'), object: 'account', type: str(p.type) ?? 'express', email: str(p.email) ?? null, country: str(p.country) ?? 'US',
        charges_enabled: false, payouts_enabled: false, details_submitted: false, metadata: metadataOf(p.metadata), created: now(),
        capabilities: Object.fromEntries(Object.keys(obj(p.capabilities)).map((k) => [k, 'inactive'])), requirements: { currently_due: ['external_account', 'tos_acceptance.date'] },
      }, null);
    }),
    route('GET', '/v1/accounts/([^/]+)', (m) => get('account', m[1], null)),
    route('POST', '/v1/accounts/([^/]+)', (m, p) => {
      const acct = get('account', m[1], null);
      if (p.metadata) acct.metadata = metadataOf(p.metadata, acct.metadata);
      if (p.email) acct.email = str(p.email);
      return acct;
    }),
    route('POST', '/v1/account_links', (_m, p) => {
      const acct = get('account', str(p.account), null, 'account');
      if (!str(p.return_url) || !str(p.refresh_url)) throw invalid('Missing required param: return_url.', 'return_url');
      return { object: 'account_link', created: now(), expires_at: now() + 300, url: `${fake.baseUrl()}/connect/onboard/${acct.id}?return_url=${encodeURIComponent(str(p.return_url)!)}` };
    }),
  ];
}

export function finishOnboarding({ store, emit }: Fake, acctId: string): Obj {
  const acct = store.get('account', acctId, null);
  const previous = { charges_enabled: acct.charges_enabled, payouts_enabled: acct.payouts_enabled, details_submitted: acct.details_submitted };
  Object.assign(acct, { charges_enabled: true, payouts_enabled: true, details_submitted: true, requirements: { currently_due: [] } });
  // account.updated is a Connect event: it carries the account and goes to Connect endpoints.
  emit('account.updated', acct, acctId, previous);
  return acct;
}
