// The agency settings page against Google's Firestore emulator: the agency is a real document, so a save made in
// another tab (written here by a second client standing in for the functions) reaches this page through its
// listener, without a reload. Only the callables are replaced: saveAgencySettings writes what the function would.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { agencyApi, AGENCY_SECRET_LENGTH } from '@parley/core';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, answerCallables } from '../../test/callables';
import { connectTestFirestore } from '../../test/emulator';
import { fakeUser, fakeWorkspace, renderWithProviders } from '../../test/render';
import AgencyPage from './AgencyPage';

const fs = connectTestFirestore();

let owner = '';
let agencyId = '';
let count = 0;
let stamp = 1_700_000_000;
const ACCESS = { canAccessCustomBranding: false, hasWhitelabelAddon: false, onFinalPricing: true, hasSubscription: false, trial: { active: false, endsAt: 0, available: false } };

beforeEach(() => {
  // One agency owner per test: the page finds its agency by userId, so tests never see each other's.
  owner = `agency-owner${++count}`;
  agencyId = `agency${count}`;
  answerCallables({
    getAgencyAccess: answer(agencyApi.getAgencyAccess, () => ACCESS),
    agencySecret: answer(agencyApi.agencySecret, () => ({ secret: 'S'.repeat(AGENCY_SECRET_LENGTH) })),
    saveAgencySettings: answer(agencyApi.saveAgencySettings, async ({ settings }) => {
      await store(settings);
      return { success: true as const, agency: { ...(await getDoc(agencyRef())).data(), ID: agencyId, region: 'na' as const } as never };
    }),
  });
});

const agencyRef = () => doc(fs.server, `agencies/${agencyId}`);
/** What a save (here, or in another tab) leaves on the agency: the fields and a newer lastModified. */
const store = (fields: Record<string, unknown>) => setDoc(agencyRef(), { ...fields, lastModified: ++stamp }, { merge: true });
const Editor = () => null;

function renderPage() {
  return renderWithProviders(<AgencyPage PaletteEditor={Editor} CssEditor={Editor} />, {
    workspace: fakeWorkspace({ user: fakeUser('owner@example.com', owner) }, { uid: owner }),
  });
}

// By label, not by role: role queries are slow on a page this size, and waitFor repeats them.
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** The page's "Unsaved changes" / "All changes saved" badge. */
const saved = () => screen.findByText(/^(All changes saved|Unsaved changes)$/);

// The first test also pays for loading the page's modules and the listener's first connection (10 s and more on a
// busy machine), beyond the config's 15 s per test.
describe('agency settings', { timeout: 30_000 }, () => {
  it('shows the owner’s agency and follows a save made in another tab without a reload', async () => {
    await store({ userId: owner, name: 'Acme Agency', brandingText: 'Welcome' });
    renderPage();
    await waitFor(() => expect(field('Agency name').value).toBe('Acme Agency'));
    expect((await saved()).textContent).toBe('All changes saved');

    await store({ name: 'Acme Agency Ltd' });
    await waitFor(() => expect(field('Agency name').value).toBe('Acme Agency Ltd'));
    expect((await saved()).textContent).toBe('All changes saved');
  });

  it('keeps an unsaved edit here while another field changes elsewhere, and saves it', async () => {
    await store({ userId: owner, name: 'Acme Agency', brandingText: 'Welcome' });
    renderPage();
    await waitFor(() => expect(field('Agency name').value).toBe('Acme Agency'));
    fireEvent.change(field(/^Branding text \(markdown\)/), { target: { value: 'Hello clients' } });
    expect((await saved()).textContent).toBe('Unsaved changes');

    await store({ name: 'Renamed elsewhere' });
    await waitFor(() => expect(field('Agency name').value).toBe('Renamed elsewhere'));
    expect(field(/^Branding text \(markdown\)/).value).toBe('Hello clients');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());
    expect((await getDoc(agencyRef())).data()).toMatchObject({ name: 'Renamed elsewhere', brandingText: 'Hello clients' });
  });

  it('offers to set up the agency when the owner has none, and never shows another owner’s', async () => {
    await setDoc(doc(fs.server, `agencies/${agencyId}-theirs`), { userId: 'someone-else', name: 'Not yours' });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Initialize agency settings' })).toBeTruthy();
    expect(screen.queryByText('Not yours')).toBeNull();
    expect(screen.queryByDisplayValue('Not yours')).toBeNull();
  });
});
