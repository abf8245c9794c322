// The top-bar agent switcher against Google's Firestore emulator: the workspace's agents (and only
// theirs) newest first, kept live; switching keeps the current sub-path.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { doc, setDoc } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { connectTestFirestore } from '../../test/emulator';
import { fakeWorkspace, renderWithProviders } from '../../test/render';
import { AgentSwitcher } from './AgentSwitcher';

const fs = connectTestFirestore();

let owner = '';
let count = 0;
beforeEach(async () => {
  owner = `owner${++count}`;
  await agent(`${owner}-a1`, 'Support bot', 100);
  await agent(`${owner}-a2`, 'Sales bot', 300);
  await agent(`${owner}-x`, 'Someone else’s bot', 500, 'another-workspace');
});

function agent(id: string, title: string, lastModified: number, ownerID = owner) {
  return setDoc(doc(fs.server, `voiceglow/${id}`), { ID: id, title, lastModified, ownerID });
}

const render = (route: string) => renderWithProviders(<AgentSwitcher />, { route, workspace: fakeWorkspace({}, { uid: owner }) });
const path = () => screen.getByRole('status', { name: 'Current path' }).textContent;

describe('agent switcher', () => {
  it('lists the workspace’s agents newest first and keeps the current sub-path when switching', async () => {
    render(`/app/na/agents/${owner}-a1/settings?tab=security`);
    fireEvent.click(await screen.findByRole('button', { name: 'Agent: Support bot' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Sales bot', 'Support bot']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sales bot' }));
    await waitFor(() => expect(path()).toBe(`/app/na/agents/${owner}-a2/settings?tab=security`));
    expect(localStorage.getItem('selected_widget_id')).toBe(`${owner}-a2`);
  });

  it('opens the default section when coming from outside an agent page', async () => {
    render('/app/na/agents');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose an agent' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Support bot' }));
    await waitFor(() => expect(path()).toBe(`/app/na/agents/${owner}-a1/overview`));
  });

  it('follows agents created or renamed elsewhere (another tab, a teammate)', async () => {
    render(`/app/na/agents/${owner}-a1/overview`);
    await screen.findByRole('button', { name: 'Agent: Support bot' });
    await agent(`${owner}-a1`, 'Help desk', 100);
    const button = await screen.findByRole('button', { name: 'Agent: Help desk' });
    await agent(`${owner}-a3`, 'Booking bot', 900);
    fireEvent.click(button);
    await waitFor(async () => expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Booking bot', 'Sales bot', 'Help desk']));
  });
});
