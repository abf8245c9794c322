// Enable Billing in Org Info: refused without a connected Stripe account (the server's message shows and the
// switch stays off), saved at once with one.
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clientsApi } from '@parley/core';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { fakeWorkspace, renderWithProviders } from '../../test/render';
import { OrgInfoDrawer } from './OrgInfoDrawer';

afterEach(() => notifications.clean());

const NEEDS_CONNECT = 'Enable Billing requires a connected payment account.';
const org = { ID: 'o1', name: 'Probe Org', loadTokens: 20, widgetIDs: [], allowBilling: false };
const connected = { accountId: 'acct_1', isConnected: true, payouts_enabled: true, USDPerToken: 0.003, allowPlans: true, plans: [] };

describe('Enable Billing', () => {
  it('without a connected account it says so, and the server’s refusal leaves billing off', async () => {
    answerCallables({
      updateOrg: () => {
        throw new CallableRefusal('functions/failed-precondition', NEEDS_CONNECT);
      },
    });
    renderWithProviders(<OrgInfoDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} rootAdmin />);
    const toggle = screen.getByRole('switch', { name: /^Enable Billing/ }) as HTMLInputElement;
    expect(screen.getByText(NEEDS_CONNECT)).toBeTruthy();
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(NEEDS_CONNECT);
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('with a connected account it turns billing on for the org at once', async () => {
    const sent: unknown[] = [];
    answerCallables({
      updateOrg: answer(clientsApi.updateOrg, (input) => {
        sent.push(input);
        return { success: true, message: 'Organization updated successfully!', org: { ...org, allowBilling: true } };
      }),
    });
    renderWithProviders(<OrgInfoDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} rootAdmin />, {
      workspace: fakeWorkspace({}, { stripeConnect: connected }),
    });
    expect(screen.queryByText(NEEDS_CONNECT)).toBeNull();
    const toggle = screen.getByRole('switch', { name: /^Enable Billing/ }) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText('Organization updated successfully!')).toBeTruthy();
    expect(toggle.checked).toBe(true);
    expect(sent).toEqual([{ region: 'na', orgId: 'o1', patch: { allowBilling: true } }]);
  });

  it('is not offered to an org admin', () => {
    renderWithProviders(<OrgInfoDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} rootAdmin={false} />);
    expect(screen.queryByRole('switch', { name: /^Enable Billing/ })).toBeNull();
  });
});
