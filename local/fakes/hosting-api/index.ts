/**
 * Stand-in for the Firebase Hosting REST API's custom domains (https://firebasehosting.googleapis.com, v1beta1):
 *
 *   POST   /v1beta1/projects/:p/sites/:s/customDomains?customDomainId=:domain   add (answers a done Operation)
 *   GET    /v1beta1/projects/:p/sites/:s/customDomains/:domain                  the CustomDomain (hostState, ownershipState,
 *                                                                               cert, requiredDnsUpdates)
 *   DELETE /v1beta1/projects/:p/sites/:s/customDomains/:domain                  remove (answers a done Operation)
 *   POST   /__activate?domain=                                                  "the DNS records are in": the domain goes live
 *   GET|DELETE /__recorded                                                      requests received / clear them and the domains
 *
 * Subdomains of `localhost` (what agencies claim locally) go live `localDelayMs` after they are added (default
 * 300 ms), like a domain whose DNS already points at Hosting; any other domain waits for /__activate. Every call
 * needs a bearer token (any value), as the real API needs an OAuth token.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen } from '../listen';

interface FakeDomain {
  project: string;
  site: string;
  domain: string;
  createdAt: number;
  live: boolean;
}

export interface RecordedHostingCall {
  method: string;
  path: string;
  domain: string;
  at: string;
}

/** Firebase Hosting's A record address (the real one), and the ownership TXT record the API asks for. */
const HOSTING_IP = '199.36.158.100';

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** Google API error body: `{ error: { code, message, status } }`. */
function googleError(res: ServerResponse, code: number, status: string, message: string): void {
  json(res, code, { error: { code, message, status } });
}

export interface HostingApiFake {
  url: string;
  calls(): RecordedHostingCall[];
  stop(): Promise<void>;
}

export function functionsEnv(url: string): Record<string, string> {
  return { HOSTING_API_BASE: url, HOSTING_SITE_ID: 'demo-parley', PARLEY_ROOT_DOMAIN: 'localhost' };
}

export async function start(opts: { port: number; localDelayMs?: number }): Promise<HostingApiFake> {
  const localDelayMs = opts.localDelayMs ?? 300;
  const domains = new Map<string, FakeDomain>();
  const calls: RecordedHostingCall[] = [];

  const isLive = (d: FakeDomain, now = Date.now()) => d.live || (d.domain.endsWith('.localhost') && now - d.createdAt >= localDelayMs);

  function resource(d: FakeDomain) {
    const live = isLive(d);
    const name = `projects/${d.project}/sites/${d.site}/customDomains/${d.domain}`;
    return {
      name,
      createTime: new Date(d.createdAt).toISOString(),
      updateTime: new Date().toISOString(),
      etag: String(d.createdAt),
      hostState: live ? 'HOST_ACTIVE' : 'HOST_UNHOSTED',
      ownershipState: live ? 'OWNERSHIP_ACTIVE' : 'OWNERSHIP_MISSING',
      certPreference: 'GROUPED',
      cert: { type: 'GROUPED', state: live ? 'CERT_ACTIVE' : 'CERT_PREPARING' },
      reconciling: !live,
      requiredDnsUpdates: {
        domainName: d.domain,
        checkTime: new Date().toISOString(),
        desired: [
          {
            domainName: d.domain,
            records: [
              { domainName: d.domain, type: 'A', rdata: HOSTING_IP, requiredAction: live ? 'NONE' : 'ADD' },
              { domainName: d.domain, type: 'TXT', rdata: `hosting-site=${d.site}`, requiredAction: live ? 'NONE' : 'ADD' },
            ],
          },
        ],
        discovered: [],
      },
    };
  }

  const operation = (d: FakeDomain) => ({ name: `projects/${d.project}/sites/${d.site}/customDomains/${d.domain}/operations/${randomUUID()}`, done: true, response: resource(d) });

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';

    if (path === '/__recorded') {
      if (method === 'DELETE') {
        calls.length = 0;
        domains.clear();
        return json(res, 200, { cleared: true });
      }
      return json(res, 200, { calls, domains: [...domains.values()].map(resource) });
    }
    if (path === '/__activate' && method === 'POST') {
      const d = domains.get(url.searchParams.get('domain') ?? '');
      if (!d) return googleError(res, 404, 'NOT_FOUND', 'Domain not found.');
      d.live = true;
      return json(res, 200, resource(d));
    }

    if (!/^Bearer\s+\S+/i.test(req.headers.authorization ?? '')) {
      return googleError(res, 401, 'UNAUTHENTICATED', 'Request is missing required authentication credential.');
    }
    const list = /^\/v1beta1\/projects\/([^/]+)\/sites\/([^/]+)\/customDomains$/.exec(path);
    const one = /^\/v1beta1\/projects\/([^/]+)\/sites\/([^/]+)\/customDomains\/([^/]+)$/.exec(path);
    if (list && method === 'POST') {
      const domain = (url.searchParams.get('customDomainId') ?? '').toLowerCase();
      calls.push({ method, path, domain, at: new Date().toISOString() });
      if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain)) return googleError(res, 400, 'INVALID_ARGUMENT', 'customDomainId must be a domain name.');
      if (domains.has(domain)) return googleError(res, 409, 'ALREADY_EXISTS', `Custom domain ${domain} already exists.`);
      const d: FakeDomain = { project: list[1]!, site: list[2]!, domain, createdAt: Date.now(), live: localDelayMs <= 0 && domain.endsWith('.localhost') };
      domains.set(domain, d);
      return json(res, 200, operation(d));
    }
    if (one) {
      const domain = decodeURIComponent(one[3]!).toLowerCase();
      calls.push({ method, path, domain, at: new Date().toISOString() });
      const d = domains.get(domain);
      if (!d || d.site !== one[2]) return googleError(res, 404, 'NOT_FOUND', `Custom domain ${domain} not found.`);
      if (method === 'GET') return json(res, 200, resource(d));
      if (method === 'DELETE') {
        domains.delete(domain);
        return json(res, 200, operation(d));
      }
    }
    googleError(res, 404, 'NOT_FOUND', `The requested URL ${method} ${path} was not found on this server.`);
  }

  const server = await listen((req, res) => {
    try {
      handle(req, res);
    } catch {
      googleError(res, 500, 'INTERNAL', 'Internal error.');
    }
  }, opts.port);
  return {
    ...server,
    calls: () => [...calls],
  };
}
