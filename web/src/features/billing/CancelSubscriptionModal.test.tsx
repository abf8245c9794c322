// Cancelling asks why: Confirm stays disabled until one of the five reasons is chosen, and "Other" needs its text.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeWorkspace, renderWithProviders, stubFetch } from '../../test/render';
import { CancelSubscriptionModal } from './CancelSubscriptionModal';

afterEach(() => vi.unstubAllGlobals());

function open(status = 200, body: unknown = { success: true, cancelsAt: 1_800_000_000 }) {
  const fetch = stubFetch(() => ({ status, body }));
  vi.stubGlobal('fetch', fetch.fn);
  const onCancelled = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<CancelSubscriptionModal opened onClose={onClose} target={fakeWorkspace()} periodEnd="Dec 24, 2026" onCancelled={onCancelled} />);
  return { fetch, onCancelled, onClose };
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm cancellation' });

describe('cancel subscription', () => {
  it('offers the five reasons and keeps Confirm disabled until one is chosen', async () => {
    open();
    await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    for (const reason of ['Too expensive', 'Missing features', 'Found a better alternative', 'Temporary need', 'Other']) {
      expect(screen.getByRole('radio', { name: reason })).toBeTruthy();
    }
    expect(screen.getByText(/stays active until Dec 24, 2026/)).toBeTruthy();
    expect(confirmButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Temporary need' }));
    expect(confirmButton()).toHaveProperty('disabled', false);
    expect(screen.queryByRole('textbox', { name: 'Please specify' })).toBeNull();
  });

  it('with Other, Confirm needs the "Please specify" text (blank is not enough) and sends it', async () => {
    const { fetch, onCancelled } = open();
    await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    const specify = screen.getByRole('textbox', { name: /Please specify/ });
    expect(confirmButton()).toHaveProperty('disabled', true);
    fireEvent.change(specify, { target: { value: '   ' } });
    expect(confirmButton()).toHaveProperty('disabled', true);
    fireEvent.change(specify, { target: { value: '  Moving to another tool ' } });
    expect(confirmButton()).toHaveProperty('disabled', false);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onCancelled).toHaveBeenCalled());
    const call = fetch.calls.find((c) => c.url.includes('/stripe/cancel-subscription'))!;
    expect(JSON.parse(String(call.init.body))).toMatchObject({ userId: 'owner1', reason: 'Other', otherReason: 'Moving to another tool' });
    expect(await screen.findByText('Subscription cancelled successfully')).toBeTruthy();
  });

  it('a refused cancel shows the server’s sentence and keeps the dialog open', async () => {
    const { onCancelled, onClose } = open(409, { error: 'Error cancelling subscription' });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    fireEvent.click(screen.getByRole('radio', { name: 'Too expensive' }));
    fireEvent.click(confirmButton());
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Error cancelling subscription');
    expect(onCancelled).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
