// Invoices: the 4 latest with number, date and Stripe's hosted link; a workspace without any is told so.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import { InvoicesCard } from './InvoicesCard';

afterEach(() => vi.unstubAllGlobals());

const invoice = (n: number, hosted = true) => ({
  id: `in_${n}`,
  number: `INV-000${n}`,
  created: Date.UTC(2026, n - 1, 15) / 1000,
  hosted_invoice_url: hosted ? `https://invoice.stripe.com/i/in_${n}` : null,
});

function show(invoices: unknown[]) {
  const fetch = stubFetch(() => ({ status: 200, body: { invoices } }));
  vi.stubGlobal('fetch', fetch.fn);
  renderWithProviders(<InvoicesCard target={fakeWorkspace()} />);
  return fetch;
}

describe('invoices', () => {
  it('shows at most the 4 latest, each with number, date and hosted link', async () => {
    const fetch = show([invoice(5), invoice(4), invoice(3), invoice(2, false), invoice(1)]);
    const link = await screen.findByRole('link', { name: 'View invoice INV-0005' });
    expect(link.getAttribute('href')).toBe('https://invoice.stripe.com/i/in_5');
    const rows = within(screen.getByRole('region', { name: 'Invoices' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['INV-0005', 'INV-0004', 'INV-0003', 'INV-0002']);
    expect(within(rows[0]!).getByText('May 15, 2026')).toBeTruthy();
    expect(screen.queryByText('INV-0001')).toBeNull();
    // An invoice without a hosted page has no link.
    expect(screen.queryByRole('link', { name: 'View invoice INV-0002' })).toBeNull();
    expect(fetch.calls[0]!.url).toContain('/stripe/get-invoices');
  });

  it('a workspace without invoices is told so', async () => {
    show([]);
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
