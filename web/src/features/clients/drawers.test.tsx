import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clientsApi } from '@parley/core';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, answerCallables, CallableRefusal } from '../../test/callables';
import { renderWithProviders } from '../../test/render';
import { OrgInfoDrawer } from './OrgInfoDrawer';
import { TransferCreditsModal } from './TransferCreditsModal';
import { UserDrawer } from './UserDrawer';

afterEach(() => notifications.clean());

const org = {
  ID: 'o1',
  name: 'Probe Org',
  loadTokens: 20,
  widgetIDs: ['a1'],
  defaultClientAccess: ['/convos'],
  settings: { smartHandoff: false, disableHandoffMessages: false, enableCannedResponses: false, continousSessionUI: false, disableClientAccess: false, disableClientAccessMessage: '' },
};
const agents = [{ ID: 'a1', title: 'Parley Demo Agent' }];

describe('Add User drawer', () => {
  it('asks for every field, then shows the generated password once with a copy button', async () => {
    const sent: unknown[] = [];
    answerCallables({
      createClient: answer(clientsApi.createClient, (input) => {
        sent.push(input);
        return { success: true, message: 'Updated client data', client: { ID: 'c1', orgId: 'o1', email: 'ada@example.com' }, dashboardPassword: input.dashboardPassword ?? '' };
      }),
    });
    renderWithProviders(<UserDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} rootAdmin agents={agents} />);
    const generated = (screen.getByLabelText(/^Dashboard password/) as HTMLInputElement).value;
    expect(generated).toMatch(/^[A-Za-z0-9]{15}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Please fill out all fields.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'Ada@Example.com' } });
    expect((screen.getByRole('checkbox', { name: 'Chats' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Settings' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText(generated)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeTruthy();
    expect(screen.queryByDisplayValue(generated)).toBeNull();
    expect(sent[0]).toMatchObject({ orgId: 'o1', email: 'ada@example.com', canAccess: ['/convos'], widgetIDs: ['a1'], dashboardPassword: generated, isOrgAdmin: false });
  });

  it('keeps the password shown once when the org list refreshes under the open drawer', async () => {
    answerCallables({
      createClient: answer(clientsApi.createClient, (input) => ({
        success: true, message: 'Updated client data', client: { ID: 'c1', orgId: 'o1', email: 'ada@example.com' }, dashboardPassword: input.dashboardPassword ?? '',
      })),
    });
    // The page hands the drawer the org from its list; a refresh after the save hands in an equal, new object.
    function ClientsList() {
      const [listed, setListed] = useState(org);
      return (
        <>
          <button type="button" onClick={() => setListed({ ...listed, loadTokens: listed.loadTokens + 1 })}>
            Refresh list
          </button>
          <UserDrawer opened onClose={() => undefined} region="na" orgId="o1" org={listed} rootAdmin agents={agents} />
        </>
      );
    }
    renderWithProviders(<ClientsList />);
    const generated = (screen.getByLabelText(/^Dashboard password/) as HTMLInputElement).value;
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText(generated)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh list', hidden: true }));
    expect(screen.getByText(generated)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('shows the server’s refusal and hides the root-admin switches from an org admin', async () => {
    answerCallables({
      createClient: () => {
        throw new CallableRefusal('functions/already-exists', 'Client already exists to org: other-org');
      },
    });
    renderWithProviders(<UserDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} rootAdmin={false} />);
    expect(screen.queryByRole('switch', { name: 'Org admin' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Client already exists to org: other-org')).toBeTruthy();
    expect(await screen.findByText('Failed to update client data')).toBeTruthy();
  });

  it('a reset e-mails the user a sign-in link and says so; no password is shown', async () => {
    const sent: unknown[] = [];
    answerCallables({
      resetClientPassword: answer(clientsApi.resetClientPassword, (input) => {
        sent.push(input);
        return { success: true, message: clientsApi.CLIENTS_MESSAGES.resetLinkSent('ada@example.com'), email: 'ada@example.com' };
      }),
    });
    const client = { ID: 'c1', orgId: 'o1', email: 'ada@example.com', name: 'Ada', canAccess: ['/convos'] };
    renderWithProviders(<UserDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} client={client} rootAdmin />);
    expect(screen.getByRole('switch', { name: 'Org admin' })).toBeTruthy();
    expect(screen.getByText('Removes the current password and e-mails a sign-in link and code to ada@example.com.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('We sent a sign-in link and code to ada@example.com. Their old password no longer works.')).toBeTruthy();
    expect(sent).toEqual([{ region: 'na', clientId: 'c1' }]);
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('an org admin cannot edit a user\'s e-mail (the owner can), and sees the server\'s refusal of a colleague', async () => {
    answerCallables({
      updateClient: () => {
        throw new CallableRefusal('functions/permission-denied', clientsApi.CLIENTS_MESSAGES.beyondOwnAccess);
      },
    });
    const client = { ID: 'c1', orgId: 'o1', email: 'ada@example.com', name: 'Ada', canAccess: ['/convos'] };
    renderWithProviders(<UserDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} client={client} rootAdmin={false} />);
    const email = screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement;
    expect(email.disabled).toBe(true);
    expect(screen.getByText("Only the agency owner can change a user's email address.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(clientsApi.CLIENTS_MESSAGES.beyondOwnAccess)).toBeTruthy();
  });
});

describe('credit transfer', () => {
  it('checks the amount and the source balance, then moves the amount', async () => {
    const sent: unknown[] = [];
    answerCallables({
      transferCredits: answer(clientsApi.transferCredits, (input) => {
        sent.push(input);
        return { success: true, message: 'Credits transferred successfully!', amount: 12.5, workspaceCredits: 87.5, orgCredits: 32.5 };
      }),
    });
    let balances: unknown = null;
    renderWithProviders(<TransferCreditsModal opened onClose={() => undefined} region="na" org={org} workspaceCredits={100} onTransferred={(b) => (balances = b)} />);
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Please enter a valid amount to transfer.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Not enough credits in workspace.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Organization → Workspace' }));
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Not enough credits in org.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Workspace → Organization' }));
    fireEvent.change(amount, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Credits transferred successfully!')).toBeTruthy();
    expect(sent).toEqual([{ region: 'na', orgId: 'o1', direction: 'toOrg', amount: 12.5 }]);
    expect(balances).toEqual({ workspaceCredits: 87.5, orgCredits: 32.5 });
  });
});

describe('Org Info drawer', () => {
  it('gives the root admin every control and sends only what changed', async () => {
    const sent: unknown[] = [];
    answerCallables({
      updateOrg: answer(clientsApi.updateOrg, (input) => {
        sent.push(input);
        return { success: true, message: 'Organization updated successfully!', org: { ...org, loadTokens: 20 } };
      }),
      listOrgAuditLog: answer(clientsApi.listOrgAuditLog, () => ({
        entries: [
          {
            ID: 'e1',
            orgId: 'o1',
            ts: Date.UTC(2026, 0, 2),
            actor: { kind: 'agency', uid: 'u1', label: 'owner@example.com' },
            action: 'credits.transfer',
            target: { type: 'credits', id: 'o1', label: 'Probe Org' },
            changes: [{ field: 'loadTokens', from: 0, to: 12.5 }],
          },
        ],
      })),
    });
    renderWithProviders(<OrgInfoDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} rootAdmin agents={agents} />);
    expect(await screen.findByText('loadTokens: 0 → 12.5')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Disable client access' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Disabled access message/ }), { target: { value: 'Paused for maintenance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization updated successfully!')).toBeTruthy();
    expect(sent).toEqual([{ region: 'na', orgId: 'o1', patch: { settings: { disableClientAccess: true, disableClientAccessMessage: 'Paused for maintenance' } } }]);
  });

  it('keeps unsaved edits when the org list refreshes under the open drawer (its credits move)', async () => {
    answerCallables({ listOrgAuditLog: answer(clientsApi.listOrgAuditLog, () => ({ entries: [] })) });
    function ClientsList() {
      const [listed, setListed] = useState(org);
      return (
        <>
          <button type="button" onClick={() => setListed({ ...listed, loadTokens: listed.loadTokens - 1 })}>
            Refresh list
          </button>
          <OrgInfoDrawer opened onClose={() => undefined} region="na" orgId="o1" org={listed} rootAdmin agents={agents} />
        </>
      );
    }
    renderWithProviders(<ClientsList />);
    const name = screen.getByRole('textbox', { name: /^Organization name/ });
    fireEvent.change(name, { target: { value: 'Renamed Org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh list', hidden: true }));
    expect((screen.getByRole('textbox', { name: /^Organization name/ }) as HTMLInputElement).value).toBe('Renamed Org');
  });

  it('lets an org admin only rename, and shows the failure with its reason', async () => {
    answerCallables({
      updateOrg: () => {
        throw new CallableRefusal('functions/permission-denied', 'Only the agency owner can change this.');
      },
    });
    renderWithProviders(<OrgInfoDrawer opened onClose={() => undefined} region="na" orgId="o1" org={org} rootAdmin={false} />);
    expect(screen.queryByRole('switch', { name: 'Disable client access' })).toBeNull();
    expect(screen.queryByText('Audit log')).toBeNull();
    const name = screen.getByRole('textbox', { name: /^Organization name/ });
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization name is required.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByText('Failed to update organization: Only the agency owner can change this.').length).toBeGreaterThan(0));
  });
});
