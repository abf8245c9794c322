// The e-mail provider's domains API through the real `resend` client (create, verify, get, remove); RESEND_BASE_URL
// points it at local/fakes/resend. Provider statuses are mapped onto the agency's five states.
import type { EmailDomainStatus } from '@parley/core';
import { Resend } from 'resend';
import { RESEND_API_KEY } from '../adapters/mailer';
import { paramValue } from '../adapters/params';

export interface EmailDomainRecord {
  type: string;
  name: string;
  value: string;
  status?: string;
  priority?: number;
  ttl?: string;
}

export interface ProviderDomain {
  id: string;
  status: EmailDomainStatus;
  records: EmailDomainRecord[];
}

export class EmailProviderError extends Error {
  constructor(readonly statusCode: number | null, message: string) {
    super(message);
    this.name = 'EmailProviderError';
  }
}

function client(): Resend {
  const key = paramValue(RESEND_API_KEY);
  if (!key) throw new EmailProviderError(null, 'E-mail is not configured (RESEND_API_KEY is missing).');
  return new Resend(key, { baseUrl: process.env.RESEND_BASE_URL || undefined });
}

/** failed/partially_failed → failure; partially_verified → pending; anything unknown → pending. */
export function mapDomainStatus(status: unknown): EmailDomainStatus {
  switch (status) {
    case 'not_started':
    case 'pending':
    case 'verified':
    case 'temporary_failure':
      return status;
    case 'failure':
    case 'failed':
    case 'partially_failed':
      return 'failure';
    default:
      return 'pending';
  }
}

function recordsOf(records: unknown): EmailDomainRecord[] {
  if (!Array.isArray(records)) return [];
  return records.map((r: Record<string, unknown>) => ({
    type: String(r.type ?? ''),
    name: String(r.name ?? ''),
    value: String(r.value ?? ''),
    ...(typeof r.status === 'string' ? { status: r.status } : {}),
    ...(typeof r.priority === 'number' ? { priority: r.priority } : {}),
    ...(typeof r.ttl === 'string' ? { ttl: r.ttl } : {}),
  }));
}

function unwrap<T>(result: { data: T | null; error: { message: string; statusCode?: number | null } | null }): T {
  if (result.error || !result.data) throw new EmailProviderError(result.error?.statusCode ?? null, result.error?.message ?? 'The e-mail provider did not answer.');
  return result.data;
}

export const emailDomains = {
  async create(name: string): Promise<ProviderDomain> {
    const data = unwrap(await client().domains.create({ name }));
    return { id: data.id, status: mapDomainStatus(data.status), records: recordsOf(data.records) };
  },
  async verify(id: string): Promise<void> {
    unwrap(await client().domains.verify(id));
  },
  async get(id: string): Promise<ProviderDomain> {
    const data = unwrap(await client().domains.get(id));
    return { id: data.id, status: mapDomainStatus(data.status), records: recordsOf(data.records) };
  },
  async remove(id: string): Promise<void> {
    const result = await client().domains.remove(id);
    if (result.error && result.error.statusCode !== 404) throw new EmailProviderError(result.error.statusCode ?? null, result.error.message);
  },
};
