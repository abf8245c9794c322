/**
 * A Twilio REST stand-in for phone numbers, as the `twilio` client calls them (form-encoded bodies, HTTP Basic with
 * the account SID and auth token, Twilio's JSON and error shapes):
 *   GET    /2010-04-01/Accounts/{sid}/AvailablePhoneNumbers/{country}/Local.json[?AreaCode=415]  numbers for sale
 *   POST   /2010-04-01/Accounts/{sid}/IncomingPhoneNumbers.json  PhoneNumber=+1…               buys one (201)
 *   GET    /2010-04-01/Accounts/{sid}/IncomingPhoneNumbers.json[?PhoneNumber=+1…]             the account's numbers
 *   DELETE /2010-04-01/Accounts/{sid}/IncomingPhoneNumbers/{PN…}.json                         releases one (204)
 * Accounts: the platform's (PLATFORM_ACCOUNT, where bought numbers go) and a workspace's own (OWN_ACCOUNT, holding
 * OWN_ACCOUNT.numbers, for "import your own Twilio number"); wrong credentials answer 401 (code 20003).
 * Control: POST /__accounts { accountSid, authToken, numbers } adds an account; GET/DELETE /__recorded.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, readBody } from '../listen';

export const PLATFORM_ACCOUNT = { accountSid: `AC${'0'.repeat(31)}1`, authToken: 'local-twilio-platform-token' } as const;
export const OWN_ACCOUNT = { accountSid: `AC${'0'.repeat(31)}2`, authToken: 'local-twilio-own-token', numbers: ['+14155550199', '+442071838750'] } as const;

interface OwnedNumber {
  sid: string;
  phone_number: string;
  friendly_name: string;
  account_sid: string;
  date_created: string;
}

interface Account {
  authToken: string;
  numbers: Map<string, OwnedNumber>;
}

export interface TwilioRecord {
  method: string;
  path: string;
  accountSid: string;
  params: Record<string, string>;
  ts: number;
}

// Numbers for sale: 10 per country and area code, made from them (a US area code gives +1{area}555010{n}).
const AREA_DEFAULTS: Record<string, { prefix: string; area: string; locality: string; region: string }> = {
  US: { prefix: '+1', area: '415', locality: 'San Francisco', region: 'CA' },
  CA: { prefix: '+1', area: '604', locality: 'Vancouver', region: 'BC' },
  GB: { prefix: '+44', area: '20', locality: 'London', region: 'England' },
};

const sidOf = (number: string) => `PN${createHash('sha256').update(number).digest('hex').slice(0, 32)}`;

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const twilioError = (res: ServerResponse, status: number, code: number, message: string) => json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

function basicAuth(req: IncomingMessage): { user: string; pass: string } | null {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return null;
  const [user, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return user ? { user, pass: rest.join(':') } : null;
}

const listPage = (key: string, items: unknown[], uri: string) => ({
  [key]: items, uri, first_page_uri: uri, next_page_uri: null, previous_page_uri: null, page: 0, page_size: 50, start: 0, end: Math.max(0, items.length - 1),
});

export async function start(opts: { port: number }) {
  const recorded: TwilioRecord[] = [];
  const accounts = new Map<string, Account>();
  const addAccount = (accountSid: string, authToken: string, numbers: readonly string[] = []) => {
    const account: Account = { authToken, numbers: new Map() };
    for (const n of numbers) account.numbers.set(n, { sid: sidOf(n), phone_number: n, friendly_name: n, account_sid: accountSid, date_created: new Date().toUTCString() });
    accounts.set(accountSid, account);
  };
  addAccount(PLATFORM_ACCOUNT.accountSid, PLATFORM_ACCOUNT.authToken);
  addAccount(OWN_ACCOUNT.accountSid, OWN_ACCOUNT.authToken, OWN_ACCOUNT.numbers);
  const owned = (number: string) => [...accounts.values()].some((a) => a.numbers.has(number));

  return listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      if (url.pathname === '/__recorded') {
        if (req.method === 'DELETE') recorded.length = 0;
        return json(res, 200, req.method === 'DELETE' ? { ok: true } : recorded);
      }
      if (url.pathname === '/__accounts' && req.method === 'POST') {
        const input = JSON.parse(body || '{}') as { accountSid: string; authToken: string; numbers?: string[] };
        addAccount(input.accountSid, input.authToken, input.numbers ?? []);
        return json(res, 200, { ok: true });
      }
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(.+)$/.exec(url.pathname);
      if (!match) return twilioError(res, 404, 20404, 'The requested resource was not found');
      const accountSid = decodeURIComponent(match[1]!);
      const rest = match[2]!;
      const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
      recorded.push({ method: req.method ?? 'GET', path: url.pathname, accountSid, params, ts: Date.now() });
      const auth = basicAuth(req);
      const account = accounts.get(accountSid);
      if (!auth || auth.user !== accountSid || !account || account.authToken !== auth.pass) return twilioError(res, 401, 20003, 'Authenticate');

      const available = /^AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/.exec(rest);
      if (available && req.method === 'GET') {
        const country = available[1]!;
        const place = AREA_DEFAULTS[country];
        if (!place) return json(res, 200, listPage('available_phone_numbers', [], url.pathname));
        const area = params.AreaCode ?? place.area;
        const numbers = Array.from({ length: 10 }, (_, i) => `${place.prefix}${area}555010${i}`)
          .filter((n) => !owned(n))
          .map((n) => ({ phone_number: n, friendly_name: n, locality: place.locality, region: place.region, iso_country: country, capabilities: { voice: true, SMS: true, MMS: false } }));
        return json(res, 200, listPage('available_phone_numbers', numbers, url.pathname));
      }
      if (rest === 'IncomingPhoneNumbers.json' && req.method === 'POST') {
        const number = params.PhoneNumber ?? '';
        if (!/^\+[1-9]\d{7,14}$/.test(number)) return twilioError(res, 400, 21421, 'PhoneNumber is invalid');
        if (owned(number)) return twilioError(res, 400, 21422, 'PhoneNumber is not available');
        const record: OwnedNumber = { sid: sidOf(number), phone_number: number, friendly_name: number, account_sid: accountSid, date_created: new Date().toUTCString() };
        account.numbers.set(number, record);
        return json(res, 201, record);
      }
      if (rest === 'IncomingPhoneNumbers.json' && req.method === 'GET') {
        const list = [...account.numbers.values()].filter((n) => !params.PhoneNumber || n.phone_number === params.PhoneNumber);
        return json(res, 200, listPage('incoming_phone_numbers', list, url.pathname));
      }
      const one = /^IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(rest);
      if (one && req.method === 'DELETE') {
        const found = [...account.numbers.values()].find((n) => n.sid === one[1]);
        if (!found) return twilioError(res, 404, 20404, 'The requested resource was not found');
        account.numbers.delete(found.phone_number);
        res.writeHead(204);
        return res.end();
      }
      twilioError(res, 404, 20404, 'The requested resource was not found');
    })().catch((error: unknown) => json(res, 500, { code: 20500, message: error instanceof Error ? error.message : 'error', status: 500 }));
  }, opts.port);
}

/** The functions buy numbers on the platform account through this stand-in. */
export const functionsEnv = (url: string) => ({ TWILIO_API_BASE: url, TWILIO_ACCOUNT_SID: PLATFORM_ACCOUNT.accountSid, TWILIO_AUTH_TOKEN: PLATFORM_ACCOUNT.authToken });
