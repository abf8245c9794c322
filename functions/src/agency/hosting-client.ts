// A small client of the Firebase Hosting REST API's custom domains (v1beta1 projects.sites.customDomains:
// create, get, delete). Agency subdomains and custom domains are custom domains of the Hosting site that serves
// the dashboard; their status (hostState, ownershipState, cert) says when the domain is live. Locally
// HOSTING_API_BASE points it at local/fakes/hosting-api, which speaks the same API.
import { applicationDefault, getApps } from 'firebase-admin/app';
import { hostingApiBase, hostingProjectId, hostingSiteId } from './config';

const PRODUCTION_BASE = 'https://firebasehosting.googleapis.com';

export interface HostingDnsRecord {
  domainName: string;
  type: string;
  rdata: string;
  requiredAction?: 'NONE' | 'ADD' | 'REMOVE';
}

export interface HostingCustomDomain {
  name: string;
  hostState?: string;
  ownershipState?: string;
  cert?: { state?: string; type?: string };
  requiredDnsUpdates?: { domainName?: string; desired?: { domainName?: string; records?: HostingDnsRecord[] }[] };
}

export class HostingApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'HostingApiError';
  }
}

/** The Hosting API's bearer: the functions' service account in production; the stand-in takes any token. */
async function accessToken(local: boolean): Promise<string> {
  if (local) return 'local-hosting-token';
  const credential = getApps()[0]?.options.credential ?? applicationDefault();
  return (await credential.getAccessToken()).access_token;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const base = hostingApiBase();
  const res = await fetch(`${base || PRODUCTION_BASE}/v1beta1/${path}`, {
    method,
    headers: { authorization: `Bearer ${await accessToken(!!base)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const json = text ? (JSON.parse(text) as unknown) : {};
  if (!res.ok) {
    const message = (json as { error?: { message?: string } }).error?.message ?? `Hosting API answered ${res.status}`;
    throw new HostingApiError(res.status, message);
  }
  return json as T;
}

const sitePath = () => `projects/${hostingProjectId()}/sites/${hostingSiteId()}`;
const domainPath = (domain: string) => `${sitePath()}/customDomains/${encodeURIComponent(domain)}`;

export interface HostingClient {
  /**
   * Adds the domain to the site (already there, 409: answers the existing one). The site having a host says nothing
   * about which agency holds it: callers claim it in the registry first, and only the registry decides.
   */
  create(domain: string): Promise<HostingCustomDomain>;
  /** The domain's state, or null when the site does not have it. */
  get(domain: string): Promise<HostingCustomDomain | null>;
  /** Removes it (gone already: fine). */
  remove(domain: string): Promise<void>;
}

export const hostingClient: HostingClient = {
  async create(domain) {
    try {
      await call('POST', `${sitePath()}/customDomains?customDomainId=${encodeURIComponent(domain)}`, {});
    } catch (error) {
      if (!(error instanceof HostingApiError && error.status === 409)) throw error;
    }
    return (await this.get(domain)) ?? { name: domainPath(domain) };
  },
  async get(domain) {
    try {
      return await call<HostingCustomDomain>('GET', domainPath(domain));
    } catch (error) {
      if (error instanceof HostingApiError && error.status === 404) return null;
      throw error;
    }
  },
  async remove(domain) {
    try {
      await call('DELETE', domainPath(domain));
    } catch (error) {
      if (!(error instanceof HostingApiError && error.status === 404)) throw error;
    }
  },
};

/** Live: Hosting serves the domain (it points at Hosting and ownership is proven). */
export const isDomainLive = (domain: HostingCustomDomain | null): boolean =>
  !!domain && domain.hostState === 'HOST_ACTIVE' && domain.ownershipState === 'OWNERSHIP_ACTIVE';

/** The records the owner still has to add (or all desired ones), in the agency's DNS-record shape. */
export function dnsRecordsOf(domain: HostingCustomDomain | null): { type: string; name: string; value: string; status: string }[] {
  const live = isDomainLive(domain);
  return (domain?.requiredDnsUpdates?.desired ?? []).flatMap((set) =>
    (set.records ?? [])
      .filter((r) => r.requiredAction !== 'REMOVE')
      .map((r) => ({ type: r.type, name: r.domainName || set.domainName || '', value: r.rdata, status: live || r.requiredAction === 'NONE' ? 'verified' : 'pending' })),
  );
}
