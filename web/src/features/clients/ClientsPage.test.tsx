// The Clients page against Google's Firestore emulator: the orgs and their users are real documents (written by a
// second client standing in for the functions, as another tab's save would end up), so what the page shows, and
// that a change shows without a reload, are Firestore's own listeners at work.
import { screen, waitFor, within } from '@testing-library/react';
import { deleteDoc, doc, setDoc } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import rules from '../../../../firestore.rules?raw';
import { connectTestFirestore } from '../../test/emulator';
import { fakeUser, fakeWorkspace, renderWithProviders } from '../../test/render';
import ClientsPage from './ClientsPage';

const fs = connectTestFirestore();

let owner = '';
let count = 0;
beforeEach(() => {
  // One agency owner per test: the page lists only its owner's orgs, so tests never see each other's.
  owner = `agency-owner${++count}`;
});

const org = (id: string, fields: Record<string, unknown>) => setDoc(doc(fs.server, `orgs/${owner}-${id}`), { ownerID: owner, name: id, loadTokens: 0, widgetIDs: [], ...fields });
const client = (id: string, orgId: string, fields: Record<string, unknown> = {}) =>
  setDoc(doc(fs.server, `clients/${owner}-${id}`), { orgId: `${owner}-${orgId}`, email: `${id}@example.com`, name: id, canAccess: ['/convos'], ...fields });

function renderPage() {
  return renderWithProviders(<ClientsPage />, { workspace: fakeWorkspace({ user: fakeUser('owner@example.com', owner) }, { uid: owner }) });
}

// The first test also pays for loading the page's modules and the listener's first connection (10 s and more on a
// busy machine), beyond the config's 15 s per test.
describe('Clients page', { timeout: 30_000 }, () => {
  it('lists the owner’s organisations with their users and counts, never another agency’s, and never a password', async () => {
    await org('Bakery', { loadTokens: 12.5, widgetIDs: ['a1', 'a2'] });
    await client('ada', 'Bakery', { isOrgAdmin: true, dashboardPassword: 'legacy-plain' });
    await setDoc(doc(fs.server, `orgs/${owner}-theirs`), { ownerID: 'someone-else', name: 'Not yours', loadTokens: 0 });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Bakery' });
    const users = await within(card).findByRole('table', { name: 'Users of Bakery' });
    expect(within(users).getByText('ada@example.com')).toBeTruthy();
    expect(within(users).getByText('Org admin')).toBeTruthy();
    expect(within(card).getByLabelText('Agents').textContent).toBe('2 agents');
    expect(within(card).getByLabelText('Clients').textContent).toBe('1 clients');
    expect(within(card).getByLabelText('Credits').textContent).toBe('12.5 credits');
    expect(screen.queryByText('Not yours')).toBeNull();
    expect(screen.queryByText('legacy-plain')).toBeNull();
  });

  it('shows a change made elsewhere without a reload: a new org, a new user, a user removed, credits moved', async () => {
    await org('Bakery', { loadTokens: 5 });
    await client('ada', 'Bakery');
    renderPage();
    const card = await screen.findByRole('region', { name: 'Bakery' });
    await within(card).findByText('ada@example.com');

    await client('bob', 'Bakery');
    await org('Bakery', { loadTokens: 7 });
    await within(card).findByText('bob@example.com');
    await waitFor(() => expect(within(card).getByLabelText('Credits').textContent).toBe('7.0 credits'));
    expect(within(card).getByLabelText('Clients').textContent).toBe('2 clients');

    await deleteDoc(doc(fs.server, `clients/${owner}-ada`));
    await waitFor(() => expect(within(card).queryByText('ada@example.com')).toBeNull());

    await org('Florist', {});
    const florist = await screen.findByRole('region', { name: 'Florist' });
    expect(await within(florist).findByText('No users yet.')).toBeTruthy();
  });

  it('says so when there are no organisations yet', async () => {
    renderPage();
    expect(await screen.findByText('No organizations yet. Create one to add client users.')).toBeTruthy();
  });

  // Last: the rules stay loaded for the rest of this file's project. The test's listener is signed out, so the
  // rules refuse it: the page says why and offers to listen again.
  it('says why the organisations could not load when the rules refuse, with a way to try again', async () => {
    await fs.loadRules(rules);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load organizations: you do not have access (any more).');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
